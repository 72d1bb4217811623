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
