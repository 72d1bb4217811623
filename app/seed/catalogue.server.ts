import { eq } from 'drizzle-orm'
import {
	features,
	playroomBlocks,
	type BookingType,
	type CancellationPolicy,
	type PaymentMethod,
	type PlayroomStatus,
} from '#db/schema/catalogue.ts'
import { orders, orderStatusHistory, ratings, type OrderStatus } from '#db/schema/orders.ts'
import { demoRatingExtras } from './ratings.server.ts'
import { users } from '#db/schema/users.ts'
import { availableStarts, type AvailabilityRules, type BusyInterval } from '#app/domain/availability.ts'
import { addDays, localDateOf, localToInstant } from '#app/domain/berlin-time.ts'
import { CITIES, type CityInfo } from '#app/domain/places.ts'
import { calculatePrice, taxPartOf } from '#app/domain/pricing.ts'
import { slugify } from '#app/domain/search-text.ts'
import {
	createPlayroom,
	refreshPlayroomRating,
	type PlayroomInput,
} from '#app/models/catalogue/catalogue.server.ts'
import { processImage, saveImage } from '#app/models/catalogue/images.server.ts'
import { getHostTaxStatus } from '#app/models/catalogue/playrooms.server.ts'
import {
	ADDITIONS,
	CLOSINGS,
	DISTRICTS,
	EXTRA_PAGES,
	FEATURES,
	FEATURE_SENTENCES,
	HOST_REPLIES,
	INTROS,
	MOBILE_INTROS,
	NAME_PREFIXES,
	PHOTO_SCENES,
	QUESTIONS,
	RATING_COMMENTS,
	RULES,
	STREETS,
	type Bilingual,
} from './catalogue-texts.ts'
import { renderDemoPhotoSvg } from './demo-photos.ts'
import { createRandom, type Random } from './random.ts'
import type { SeedContext, SeedStep } from './types.ts'

/**
 * The demo catalogue (issue 4): hosts gastgeber1…16@example.com and guests
 * familie1…8@example.com, ≥ 60 published playrooms in all 11 cities of spec §2
 * and all 10 states (plus Draft and Paused ones), generated photos, features,
 * FAQs, extra pages, extras, opening hours, a few blocks, past Completed orders
 * with ratings and some upcoming orders. host@example.com owns three playrooms
 * in Köln: instant booking, request only, and a mobile offer.
 * Everything is derived from ctx.random, so the data is the same on every run.
 */
const HOST_COUNT = 16
const GUEST_COUNT = 8
const PHOTO_POOL = PHOTO_SCENES.length * 2

/** Published playrooms per city slug (73 in all), plus DRAFT_AND_PAUSED unpublished ones. */
const PER_CITY: Record<string, number> = {
	koeln: 8,
	berlin: 8,
	hamburg: 7,
	muenchen: 7,
	'frankfurt-am-main': 6,
	duesseldorf: 5,
	stuttgart: 5,
	leipzig: 5,
	dortmund: 4,
	essen: 4,
	bremen: 3,
	potsdam: 2,
	hannover: 3,
	mainz: 2,
	kiel: 2,
}
const UNPUBLISHED: PlayroomStatus[] = ['Draft', 'Draft', 'Paused', 'Paused', 'Draft', 'Blocked']

const HOST_FIRST_NAMES = [
	'Julia',
	'Markus',
	'Sabine',
	'Thomas',
	'Katrin',
	'Stefan',
	'Anja',
	'Michael',
	'Nicole',
	'Jan',
	'Miriam',
	'Tobias',
	'Lena',
	'Florian',
	'Carola',
	'Deniz',
]
const LAST_NAMES = [
	'Becker',
	'Wagner',
	'Schulz',
	'Krüger',
	'Neumann',
	'Schwarz',
	'Zimmermann',
	'Hartmann',
	'Lange',
	'Werner',
	'Köhler',
	'Yilmaz',
	'Brandt',
	'Vogel',
	'Friedrich',
	'Peters',
]
const GUEST_FIRST_NAMES = ['Lisa', 'Daniel', 'Sarah', 'Kevin', 'Melanie', 'Ahmet', 'Christina', 'Paul']

type Host = { id: string; email: string }
type Photo = { imageId: string; alt: Bilingual }

const fill = (template: string, values: Record<string, string | number>) =>
	template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''))

function bilingualJoin(parts: Bilingual[]): Bilingual {
	return { de: parts.map((p) => p.de).join(' '), en: parts.map((p) => p.en).join(' ') }
}

async function generatePhotoPool(ctx: SeedContext): Promise<Photo[]> {
	const pool: Photo[] = []
	for (let i = 0; i < PHOTO_POOL; i++) {
		const scene = PHOTO_SCENES[i % PHOTO_SCENES.length] ?? {
			kind: 'blocks',
			alt: { de: 'Spielzimmer', en: 'Playroom' },
		}
		const svg = renderDemoPhotoSvg(scene.kind, Math.floor(i / PHOTO_SCENES.length) + i, ctx.random)
		const image = await processImage(Buffer.from(svg), { allowSvg: true })
		saveImage(image, ctx.db)
		pool.push({ imageId: image.id, alt: scene.alt })
	}
	return pool
}

/** Weekdays `from`…`to` (1 = Monday), open from `open` to `close` o'clock. */
function days(from: number, to: number, open: number, close: number) {
	return Array.from({ length: to - from + 1 }, (_, i) => ({
		weekday: from + i,
		openMinute: open * 60,
		closeMinute: close * 60,
	}))
}

const WEEKDAY_AFTERNOONS_AND_WEEKENDS = [...days(1, 5, 14, 19), ...days(6, 7, 9, 19)]

function openingHoursPattern(random: Random) {
	switch (random.int(0, 3)) {
		case 0:
			return WEEKDAY_AFTERNOONS_AND_WEEKENDS
		case 1:
			return days(1, 7, 9, 18)
		case 2:
			return days(2, 7, 10, 20)
		default:
			return [...days(3, 7, 9, 13), ...days(3, 7, 14, 19)]
	}
}

function bookingTypesFor(random: Random, mobile: boolean, overnight: boolean) {
	const hourlyWeekday = random.int(5, 12) * 500
	const types: NonNullable<PlayroomInput['bookingTypes']> = [
		{
			bookingType: 'Hourly',
			minHours: random.pick([1, 2, 2, 3]),
			maxHours: random.pick([4, 5, 6, 8]),
			weekdayPrice: hourlyWeekday,
			weekendPrice: hourlyWeekday + random.int(0, 3) * 500,
			guestsIncluded: random.int(8, 15),
			extraGuestFee: random.pick([0, 300, 500, 800]),
			cleaningFee: random.pick([0, 1_500, 2_500, 3_500]),
			deposit: random.pick([0, 5_000, 10_000]),
		},
	]
	if (!mobile && random.chance(0.5)) {
		const daily = random.int(30, 70) * 500
		types.push({
			bookingType: 'Daily',
			weekdayPrice: daily,
			weekendPrice: daily + random.int(1, 4) * 1_000,
			guestsIncluded: random.int(10, 20),
			extraGuestFee: random.pick([0, 500]),
			cleaningFee: random.pick([2_500, 3_500]),
			deposit: random.pick([5_000, 10_000]),
		})
	}
	if (overnight) {
		const night = random.int(18, 36) * 500
		types.push({
			bookingType: 'Overnight',
			checkInMinute: 15 * 60,
			checkOutMinute: 11 * 60,
			minNights: 1,
			maxNights: random.int(2, 4),
			weekdayPrice: night,
			weekendPrice: night + 2_000,
			guestsIncluded: 6,
			extraGuestFee: 1_000,
			cleaningFee: 4_000,
			deposit: 15_000,
		})
	}
	return types
}

/**
 * A demo name no other demo playroom has (issue 11): the drawn
 * prefix, else the next prefixes in turn — without drawing again, so the rest
 * of the seeded data stays as it was.
 */
function uniqueName(prefix: string, mobile: boolean, district: string, used: Set<string>): string {
	const start = Math.max(0, (NAME_PREFIXES as readonly string[]).indexOf(prefix))
	const candidates = NAME_PREFIXES.map((_, i) => NAME_PREFIXES[(start + i) % NAME_PREFIXES.length] ?? prefix)
	const names = candidates.map((p) => (mobile ? `Spielmobil ${p}` : `${p} ${district}`))
	return names.find((name) => !used.has(name)) ?? `${names[0]} ${used.size + 1}`
}

type Spec = {
	city: CityInfo
	host: Host
	status: PlayroomStatus
	name?: string
	urlPath?: string
	instantBooking?: boolean
	mobile?: boolean
	district?: string
	/**
	 * Values that stay whatever is drawn: the demo host's rooms, which the fixed demo orders
	 * (app/seed/orders.server.ts) and the e2e tests book (room for their groups, open days, durations).
	 */
	fixed?: Partial<PlayroomInput>
}

function buildPlayroom(
	ctx: SeedContext,
	spec: Spec,
	photoPool: Photo[],
	usedPaths: Set<string>,
	usedNames: Set<string>,
): PlayroomInput {
	const { random } = ctx
	const districts = DISTRICTS[spec.city.slug] ?? ['Zentrum']
	const district = spec.district ?? random.pick(districts)
	const mobile = spec.mobile ?? false
	const name = spec.name ?? uniqueName(random.pick(NAME_PREFIXES), mobile, district, usedNames)
	usedNames.add(name)
	let urlPath = spec.urlPath ?? slugify(name)
	for (let n = 2; usedPaths.has(urlPath); n++) urlPath = `${slugify(name)}-${n}`
	usedPaths.add(urlPath)

	const featureKeys: string[] = random
		.shuffle(FEATURES.map((f): string => f.key).filter((k) => k !== 'sleeping-area'))
		.slice(0, random.int(4, 9))
	const overnight = !mobile && random.chance(0.2)
	if (overnight) featureKeys.push('sleeping-area')
	const size = random.int(6, 30) * 5
	const guests =
		spec.fixed?.maxGuests ?? (mobile ? random.int(10, 25) : Math.max(8, Math.min(40, Math.round(size / 4))))
	const radius = random.pick([15, 20, 30, 40])
	const values = { name, district, city: spec.city.name, size, guests, radius }
	const introTemplate = random.pick(mobile ? MOBILE_INTROS : INTROS)
	const intro = { de: fill(introTemplate.de, values), en: fill(introTemplate.en, values) }
	const highlights = featureKeys
		.slice(0, 4)
		.map((k) => FEATURE_SENTENCES[k])
		.filter((s): s is Bilingual => Boolean(s))
	const description = bilingualJoin([intro, ...highlights, random.pick(CLOSINGS)])
	const rules = random.shuffle(RULES).slice(0, random.int(2, 4))
	const photoCount = random.int(3, 8)
	const photos = random.shuffle(photoPool).slice(0, photoCount)
	const lat = spec.city.lat + (random.next() - 0.5) * 0.09
	const lng = spec.city.lng + (random.next() - 0.5) * 0.14
	const policies: CancellationPolicy[] = ['Flexible', 'Moderate', 'Strict']
	const paymentMethods: PaymentMethod[] = random.chance(0.6)
		? ['BankTransfer', 'OnSite', 'Card']
		: ['BankTransfer', 'Card']
	const publishedAt =
		spec.status === 'Draft'
			? null
			: new Date(ctx.now.getTime() - random.int(1, 540) * 86_400_000 - random.int(0, 86_399) * 1000)

	return {
		id: random.id(),
		hostId: spec.host.id,
		name,
		playroomUrlPath: urlPath,
		customUrl: null,
		descriptionDe: description.de,
		descriptionEn: description.en,
		rulesDe: rules.map((r) => `- ${r.de}`).join('\n'),
		rulesEn: rules.map((r) => `- ${r.en}`).join('\n'),
		placeType: mobile ? 'Mobile' : 'FixedPlace',
		serviceRadiusKm: mobile ? radius : null,
		street: `${random.pick(STREETS)} ${random.int(1, 120)}`,
		postalCode: `${spec.city.postalPrefix}${String(random.int(0, 99)).padStart(2, '0')}`,
		city: spec.city.name,
		citySlug: spec.city.slug,
		stateSlug: spec.city.stateSlug,
		lat: Math.round(lat * 1e5) / 1e5,
		lng: Math.round(lng * 1e5) / 1e5,
		sizeSqm: mobile ? null : size,
		maxGuests: guests,
		websiteUrl: random.chance(0.5) ? `https://www.${urlPath}.example` : null,
		instantBooking: spec.instantBooking ?? random.chance(0.55),
		cancellationPolicy: random.pick(policies),
		paymentMethods,
		status: spec.status,
		slotMinutes: random.pick([30, 60, 60]),
		bufferMinutes: random.pick([0, 15, 30, 30, 60]),
		leadTimeHours: random.pick([0, 12, 24, 48]),
		horizonDays: random.pick([90, 180, 365]),
		createdAt: new Date((publishedAt ?? ctx.now).getTime() - random.int(1, 30) * 86_400_000),
		publishedAt,
		features: featureKeys,
		photos: photos.map((p) => ({ id: random.id(), imageId: p.imageId, altDe: p.alt.de, altEn: p.alt.en })),
		questions: random
			.shuffle(QUESTIONS)
			.slice(0, random.int(3, 5))
			.map((q) => ({
				id: random.id(),
				questionDe: q.q.de,
				questionEn: q.q.en,
				answerDe: q.a.de,
				answerEn: q.a.en,
			})),
		pages: random.chance(0.5)
			? random
					.shuffle(EXTRA_PAGES)
					.slice(0, random.int(1, 2))
					.map(([title, text]) => ({
						id: random.id(),
						titleDe: title?.de ?? '',
						titleEn: title?.en ?? '',
						textDe: text?.de ?? '',
						textEn: text?.en ?? '',
					}))
			: [],
		bookingTypes: bookingTypesFor(random, mobile, overnight),
		additions: random
			.shuffle(ADDITIONS)
			.slice(0, random.int(1, 4))
			.map((a) => ({ ...a, id: random.id() })),
		openingHours: openingHoursPattern(random),
		...spec.fixed,
	}
}

function rulesOf(input: PlayroomInput): AvailabilityRules {
	const hourly = input.bookingTypes?.find((b) => b.bookingType === 'Hourly')
	return {
		slotMinutes: input.slotMinutes ?? 60,
		bufferMinutes: input.bufferMinutes ?? 0,
		leadTimeHours: 0,
		horizonDays: 3650,
		openingHours: (input.openingHours ?? []).map((o) => ({
			weekday: o.weekday,
			openMinute: o.openMinute,
			closeMinute: o.closeMinute,
		})),
		hourly: hourly ? { minHours: hourly.minHours ?? 1, maxHours: hourly.maxHours ?? 4 } : null,
		daily: false,
		overnight: null,
	}
}

const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'

function orderCode(random: Random) {
	let code = 'SZ-'
	for (let i = 0; i < 6; i++) code += random.pick(ORDER_CODE_ALPHABET.split(''))
	return code
}

type Guest = { id: string; email: string; firstName: string; lastName: string; phoneNumber: string | null }

/** Orders through the engines: a free hourly slot on a given day, priced by the price engine. */
function seedOrders(
	ctx: SeedContext,
	input: PlayroomInput & { id: string },
	guests: Guest[],
	usedCodes: Set<string>,
) {
	const { random, db, now } = ctx
	const rules = rulesOf(input)
	const settings = input.bookingTypes?.find((b) => b.bookingType === 'Hourly')
	if (!settings || !rules.hourly) return 0
	const busy: BusyInterval[] = []
	const today = localDateOf(now.getTime())
	const plans: { dayOffset: number; status: OrderStatus }[] = []
	for (let i = 0, n = random.int(1, 5); i < n; i++)
		plans.push({ dayOffset: -random.int(3, 150), status: 'Completed' })
	if (random.chance(0.4)) plans.push({ dayOffset: random.int(1, 20), status: 'Confirmed' })
	if (random.chance(0.15)) plans.push({ dayOffset: random.int(2, 20), status: 'Cancelled' })
	let created = 0
	for (const plan of plans) {
		const date = addDays(today, plan.dayOffset)
		const dayStart = localToInstant(addDays(date, -1), 0) ?? 0
		const options = availableStarts(rules, busy, date, 'Hourly', dayStart)
		if (options.length === 0) continue
		const option = random.pick(options)
		const duration = random.pick(option.durations)
		const start = option.start
		const end = duration.end
		const guest = random.pick(guests)
		const adults = random.int(2, 5)
		const children = random.int(3, Math.max(3, (input.maxGuests ?? 10) - adults))
		const price = calculatePrice(
			{
				bookingType: 'Hourly',
				start,
				end,
				guests: adults + children,
				maxGuests: input.maxGuests ?? 10,
				now: now.getTime(),
				taxStatus: getHostTaxStatus(input.hostId, db),
			},
			{
				...settings,
				extraGuestFee: settings.extraGuestFee ?? 0,
				cleaningFee: settings.cleaningFee ?? 0,
				deposit: settings.deposit ?? 0,
			},
		)
		let code = orderCode(random)
		while (usedCodes.has(code)) code = orderCode(random)
		usedCodes.add(code)
		const createdAt = new Date(start - random.int(2, 30) * 86_400_000)
		const paymentMethod: PaymentMethod = random.pick(input.paymentMethods ?? ['BankTransfer'])
		const orderId = random.id()
		const cancelled = plan.status === 'Cancelled'
		db.insert(orders)
			.values({
				id: orderId,
				code,
				playroomId: input.id,
				guestId: guest.id,
				hostId: input.hostId,
				bookingType: 'Hourly' satisfies BookingType,
				checkIn: new Date(start),
				checkOut: new Date(end),
				adults,
				children,
				extras: [],
				message: random.chance(0.5) ? 'Wir feiern den Geburtstag unserer Tochter und freuen uns sehr!' : null,
				contact: {
					firstName: guest.firstName,
					lastName: guest.lastName,
					email: guest.email,
					phoneNumber: guest.phoneNumber,
				},
				price: {
					currency: 'EUR',
					lines: price.lines,
					total: price.total,
					deposit: price.deposit,
					...taxPartOf(price),
				},
				totalAmount: price.total,
				paymentMethod,
				paymentStatus: cancelled
					? 'Refunded'
					: plan.status === 'Completed' || paymentMethod !== 'OnSite'
						? 'Paid'
						: 'Unpaid',
				status: plan.status,
				confirmedAt: new Date(createdAt.getTime() + 3_600_000),
				completedAt: plan.status === 'Completed' ? new Date(end + 3_600_000) : null,
				cancelledAt: cancelled ? new Date(createdAt.getTime() + 86_400_000) : null,
				cancelledById: cancelled ? guest.id : null,
				cancelledByRole: cancelled ? 'Customer' : null,
				cancellationReason: cancelled ? 'Unser Kind ist krank geworden.' : null,
				refundAmount: cancelled ? price.total : null,
				commissionRateBp: 1000,
				commissionAmount: Math.round(price.total / 10),
				idempotencyKey: random.id(),
				createdAt,
				updatedAt: createdAt,
			})
			.run()
		const history: { from: OrderStatus | null; to: OrderStatus; role: 'Customer' | 'System' }[] = [
			{ from: null, to: 'Confirmed', role: 'Customer' },
		]
		if (plan.status === 'Completed') history.push({ from: 'Confirmed', to: 'Completed', role: 'System' })
		if (cancelled) history.push({ from: 'Confirmed', to: 'Cancelled', role: 'Customer' })
		for (const [index, step] of history.entries()) {
			db.insert(orderStatusHistory)
				.values({
					id: random.id(),
					orderId,
					fromStatus: step.from,
					toStatus: step.to,
					actorId: step.role === 'Customer' ? guest.id : null,
					actorRole: step.role,
					createdAt: new Date(createdAt.getTime() + index * 3_600_000),
				})
				.run()
		}
		if (!cancelled) busy.push({ start, end, kind: 'order' })
		if (plan.status === 'Completed' && random.chance(0.85)) {
			const stars = random.pick([3, 4, 4, 5, 5, 5])
			const around = () => Math.max(1, Math.min(5, stars + random.pick([-1, 0, 0, 1])))
			db.insert(ratings)
				.values({
					id: random.id(),
					orderId,
					playroomId: input.id,
					guestId: guest.id,
					stars,
					cleanliness: around(),
					communication: around(),
					value: around(),
					comment: random.chance(0.8) ? random.pick(RATING_COMMENTS) : null,
					hostReply: random.chance(0.3) ? random.pick(HOST_REPLIES) : null,
					createdAt: new Date(end + random.int(1, 10) * 86_400_000),
					// Issue 32 (derived, no draws, so the rest of the demo data stays the same).
					...demoRatingExtras(orderId, stars, end, now.getTime()),
				})
				.run()
		}
		created++
	}
	return created
}

export const catalogueSeedStep: SeedStep = {
	name: 'catalogue',
	run: async (ctx) => {
		const { db, random } = ctx
		const started = Date.now()
		db.insert(features)
			.values(FEATURES.map((f, position) => ({ ...f, position })))
			.run()

		const photoPool = await generatePhotoPool(ctx)
		ctx.log(`${photoPool.length} demo photos in ${((Date.now() - started) / 1000).toFixed(1)} s`)

		const demoHost = db
			.select({ id: users.id, email: users.email })
			.from(users)
			.where(eq(users.email, 'host@example.com'))
			.get()
		const demoGuest = db.select().from(users).where(eq(users.email, 'guest@example.com')).get()
		const hosts: Host[] = []
		for (let i = 1; i <= HOST_COUNT; i++) {
			const firstName = HOST_FIRST_NAMES[i - 1] ?? 'Alex'
			const lastName = LAST_NAMES[i - 1] ?? 'Muster'
			const host = { id: random.id(), email: `gastgeber${i}@example.com` }
			db.insert(users)
				.values({
					...host,
					role: 'Owner',
					displayName: `${firstName} ${lastName} Spielräume`,
					firstName,
					lastName,
					passwordHash: ctx.demoPasswordHash,
					emailConfirmedAt: ctx.now,
					langPreference: i % 4 === 0 ? 'en' : 'de',
					companyName: `${lastName} Spielräume`,
				})
				.run()
			hosts.push(host)
		}
		const guests: Guest[] = demoGuest
			? [
					{
						id: demoGuest.id,
						email: demoGuest.email,
						firstName: demoGuest.firstName,
						lastName: demoGuest.lastName,
						phoneNumber: demoGuest.phoneNumber,
					},
				]
			: []
		for (let i = 1; i <= GUEST_COUNT; i++) {
			const firstName = GUEST_FIRST_NAMES[i - 1] ?? 'Kim'
			const lastName = LAST_NAMES[(i + 7) % LAST_NAMES.length] ?? 'Muster'
			const guest = {
				id: random.id(),
				email: `familie${i}@example.com`,
				firstName,
				lastName,
				phoneNumber: `+49 170 ${1000000 + i}`,
			}
			db.insert(users)
				.values({
					...guest,
					role: 'Customer',
					displayName: `Familie ${lastName} ${i}`,
					passwordHash: ctx.demoPasswordHash,
					emailConfirmedAt: ctx.now,
				})
				.run()
			guests.push(guest)
		}

		const koeln = CITIES.find((c) => c.slug === 'koeln') as CityInfo
		const specs: Spec[] = []
		if (demoHost) {
			specs.push(
				{
					city: koeln,
					host: demoHost,
					status: 'Published',
					name: 'Spielwiese Ehrenfeld',
					urlPath: 'spielwiese-ehrenfeld',
					instantBooking: true,
					district: 'Ehrenfeld',
				},
				{
					city: koeln,
					host: demoHost,
					status: 'Published',
					name: 'Spielwiese Südstadt',
					urlPath: 'spielwiese-suedstadt',
					instantBooking: false,
					district: 'Südstadt',
					fixed: {
						maxGuests: 31,
						slotMinutes: 60,
						bufferMinutes: 0,
						leadTimeHours: 48,
						paymentMethods: ['BankTransfer', 'Card'],
						cancellationPolicy: 'Flexible',
						openingHours: WEEKDAY_AFTERNOONS_AND_WEEKENDS,
						bookingTypes: [
							{
								bookingType: 'Hourly',
								minHours: 2,
								maxHours: 4,
								weekdayPrice: 2_500,
								weekendPrice: 4_000,
								guestsIncluded: 12,
								extraGuestFee: 500,
								cleaningFee: 0,
								deposit: 5_000,
							},
						],
					},
				},
				{
					city: koeln,
					host: demoHost,
					status: 'Published',
					name: 'Spielwiese mobil – Bällebad auf Rädern',
					urlPath: 'spielwiese-mobil',
					instantBooking: true,
					mobile: true,
					fixed: {
						maxGuests: 10,
						slotMinutes: 60,
						bufferMinutes: 15,
						leadTimeHours: 12,
						paymentMethods: ['BankTransfer', 'OnSite', 'Card'],
						cancellationPolicy: 'Moderate',
						openingHours: WEEKDAY_AFTERNOONS_AND_WEEKENDS,
						bookingTypes: [
							{
								bookingType: 'Hourly',
								minHours: 1,
								maxHours: 5,
								weekdayPrice: 5_500,
								weekendPrice: 7_000,
								guestsIncluded: 12,
								extraGuestFee: 0,
								cleaningFee: 2_500,
								deposit: 0,
							},
						],
					},
				},
			)
		}
		let hostIndex = 0
		const nextHost = () => hosts[hostIndex++ % hosts.length] as Host
		for (const city of CITIES) {
			const count = (PER_CITY[city.slug] ?? 1) - (city.slug === 'koeln' && demoHost ? 3 : 0)
			for (let i = 0; i < count; i++) {
				specs.push({
					city,
					host: nextHost(),
					status: 'Published',
					mobile: i === 1 && ['berlin', 'hamburg', 'muenchen'].includes(city.slug),
				})
			}
		}
		for (const [i, status] of UNPUBLISHED.entries()) {
			specs.push({ city: CITIES[i % CITIES.length] as CityInfo, host: nextHost(), status })
		}

		const usedPaths = new Set<string>()
		const usedNames = new Set(specs.flatMap((spec) => (spec.name ? [spec.name] : [])))
		const usedCodes = new Set<string>()
		let orderCount = 0
		// The orders draw from their own stream: how many draws they need depends on the seeding day
		// (which slots are free), and the playrooms after them must not — else their names, prices and
		// sizes, and whether the fixed demo orders fit them, would change from one day to the next.
		const orderRandom = createRandom(1_414)
		db.transaction((tx) => {
			const txCtx = { ...ctx, db: tx as unknown as SeedContext['db'] }
			for (const spec of specs) {
				const input = buildPlayroom(txCtx, spec, photoPool, usedPaths, usedNames)
				if (spec.urlPath === 'spielwiese-ehrenfeld') input.customUrl = 'spielwiese'
				const id = createPlayroom(input, tx)
				if (spec.status === 'Published') {
					orderCount += seedOrders({ ...txCtx, random: orderRandom }, { ...input, id }, guests, usedCodes)
					refreshPlayroomRating(id, tx)
					if (random.chance(0.2)) {
						const date = addDays(localDateOf(ctx.now.getTime()), random.int(3, 30))
						const start = localToInstant(date, 0) ?? 0
						tx.insert(playroomBlocks)
							.values({
								id: random.id(),
								playroomId: id,
								startsAt: new Date(start),
								endsAt: new Date(start + 86_400_000),
								source: 'Host',
								note: 'Renovierung',
							})
							.run()
					}
				}
			}
		})
		const published = specs.filter((s) => s.status === 'Published').length
		ctx.log(
			`${published} published and ${specs.length - published} unpublished playrooms, ${orderCount} orders, ${hosts.length} hosts, ${guests.length} guests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
		)
	},
}
