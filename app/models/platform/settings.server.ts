import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { platformSettings } from '#db/schema/platform.ts'
import { getDb, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * Platform settings: a typed key → JSON value store. Each key has a schema and
 * a default, so a missing or malformed row never breaks a page.
 */
export const SETTINGS = {
	/** Platform commission in percent of the order total (PRODUCT.md §3). */
	commissionPercent: { schema: z.number().min(0).max(100), default: 10 },
	vatPercent: { schema: z.number().min(0).max(100), default: 19 },
	/** Shown with bank-transfer payment instructions. */
	bankDetails: {
		schema: z.object({
			accountHolder: z.string(),
			iban: z.string(),
			bic: z.string(),
			bankName: z.string(),
		}),
		default: {
			accountHolder: 'Spielzimmer GmbH',
			iban: 'DE89 3704 0044 0532 0130 00',
			bic: 'COBADEFFXXX',
			bankName: 'Commerzbank',
		},
	},
	/**
	 * Host payouts (issue 34): the weekday the payout task runs (ISO 1 = Monday … 7 = Sunday; null turns
	 * scheduled runs off, runs by hand stay) and the smallest balance paid out.
	 */
	payoutSchedule: {
		schema: z.object({
			weekday: z.number().int().min(1).max(7).nullable(),
			minimumCents: z.number().int().min(0),
		}),
		default: { weekday: 1, minimumCents: 2500 },
	},
	/** The platform as the seller on its invoices and the debtor of its SEPA files (§ 14 Abs. 4 UStG). */
	platformCompany: {
		schema: z.object({
			name: z.string(),
			street: z.string(),
			postalCode: z.string(),
			city: z.string(),
			countryCode: z.string().length(2),
			vatId: z.string(),
			taxNumber: z.string(),
			registerCourt: z.string(),
			registerNumber: z.string(),
			managingDirector: z.string(),
			email: z.string(),
			phone: z.string(),
		}),
		default: {
			name: 'Spielzimmer GmbH',
			street: 'Kastanienallee 12',
			postalCode: '10435',
			city: 'Berlin',
			countryCode: 'DE',
			vatId: 'DE812345675',
			taxNumber: '37/123/45678',
			registerCourt: 'Amtsgericht Charlottenburg',
			registerNumber: 'HRB 234567 B',
			managingDirector: 'Jana Beispiel',
			email: 'rechnungen@spielzimmer.example',
			phone: '+49 30 1234567',
		},
	},
	/** Days an open commission invoice is due after issue (issue 34). */
	invoicePaymentDays: { schema: z.number().int().min(1).max(90), default: 14 },
	/**
	 * The DATEV export for the tax advisor (issue 34, ADR 0180): the advisor's consultant and client
	 * numbers, the account length and the first month of the fiscal year, and the SKR03 accounts each
	 * kind of booking goes to. The defaults are proposals for the advisor to confirm (ADR 0180).
	 */
	datevAccounts: {
		schema: z.object({
			consultantNumber: z.number().int().min(1001).max(9_999_999),
			clientNumber: z.number().int().min(1).max(99_999),
			accountLength: z.number().int().min(4).max(8),
			fiscalYearStartMonth: z.number().int().min(1).max(12),
			bank: z.number().int().positive(),
			stripeClearing: z.number().int().positive(),
			guestPrepayments: z.number().int().positive(),
			hostPayables: z.number().int().positive(),
			voucherLiability: z.number().int().positive(),
			revenue19: z.number().int().positive(),
			/** Whether DATEV derives the VAT from `revenue19` (an automatic account): then gross, else net + VAT. */
			revenueIsAutomatic: z.boolean(),
			vat19: z.number().int().positive(),
		}),
		default: {
			consultantNumber: 1001,
			clientNumber: 1,
			accountLength: 4,
			fiscalYearStartMonth: 1,
			bank: 1200,
			stripeClearing: 1360,
			guestPrepayments: 1590,
			hostPayables: 1700,
			voucherLiability: 1710,
			revenue19: 8400,
			revenueIsAutomatic: true,
			vat19: 1776,
		},
	},
} as const

export type SettingKey = keyof typeof SETTINGS
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]['schema']>

export function getSetting<K extends SettingKey>(key: K, db: DbOrTx = getDb()): SettingValue<K> {
	const definition = SETTINGS[key]
	const row = preparedQuery(db, 'platformSettings.byKey', (d) =>
		d
			.select()
			.from(platformSettings)
			.where(eq(platformSettings.key, sql.placeholder('key')))
			.prepare(),
	).get({ key })
	const parsed = definition.schema.safeParse(row?.value)
	return (parsed.success ? parsed.data : definition.default) as SettingValue<K>
}

export function setSetting<K extends SettingKey>(key: K, value: SettingValue<K>, db: DbOrTx = getDb()) {
	const checked = SETTINGS[key].schema.parse(value)
	db.insert(platformSettings)
		.values({ key, value: checked })
		.onConflictDoUpdate({ target: platformSettings.key, set: { value: checked, updatedAt: new Date() } })
		.run()
}
