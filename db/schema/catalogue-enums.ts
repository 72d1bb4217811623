/**
 * Value lists of the catalogue schema (catalogue.ts re-exports them). No Node
 * imports here: forms and components in the browser use them too.
 */
export const PLAYROOM_STATUSES = ['Draft', 'Published', 'Paused', 'Blocked'] as const
export type PlayroomStatus = (typeof PLAYROOM_STATUSES)[number]

export const PLACE_TYPES = ['FixedPlace', 'Mobile'] as const
export type PlaceType = (typeof PLACE_TYPES)[number]

export const CANCELLATION_POLICIES = ['Flexible', 'Moderate', 'Strict'] as const
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number]

export const PAYMENT_METHODS = ['BankTransfer', 'OnSite', 'Card'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const BOOKING_TYPES = ['Hourly', 'Daily', 'Overnight'] as const
export type BookingType = (typeof BOOKING_TYPES)[number]

export const ADDITION_UNITS = ['PerBooking', 'PerGuest', 'PerHour'] as const
export type AdditionUnit = (typeof ADDITION_UNITS)[number]

export const BLOCK_SOURCES = ['Host', 'ICal'] as const
export type BlockSource = (typeof BLOCK_SOURCES)[number]

export const SLOT_GRIDS = [30, 60] as const

/** The host's child-safety checklist (issue 12): all ticked → "safety checked by the host" badge. */
export const SAFETY_ITEMS = [
	'outletCovers',
	'paddedCorners',
	'firstAidKit',
	'fireExtinguisher',
	'nonSlipFloor',
	'supervisedByHost',
] as const
export type SafetyItem = (typeof SAFETY_ITEMS)[number]
