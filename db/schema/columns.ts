import { randomBytes } from 'node:crypto'
import { integer, text } from 'drizzle-orm/sqlite-core'

/**
 * Shared column helpers. Conventions:
 * - ids are 16 url-safe random characters (96 bits), never guessable or sequential;
 * - instants are UTC epoch milliseconds in INTEGER columns, read as Date;
 * - money is integer cents.
 */
export { ID_PATTERN } from './ids.ts'

// Random bytes are drawn 3 KiB at a time (one call instead of one per id); each id uses 12 fresh bytes.
const ID_BYTES = 12
const POOL_IDS = 256
let pool = Buffer.alloc(0)
let poolOffset = 0

export function createId(): string {
	if (poolOffset + ID_BYTES > pool.length) {
		pool = randomBytes(ID_BYTES * POOL_IDS)
		poolOffset = 0
	}
	const id = pool.toString('base64url', poolOffset, poolOffset + ID_BYTES)
	poolOffset += ID_BYTES
	return id
}

export const idColumn = () =>
	text('id')
		.primaryKey()
		.$defaultFn(() => createId())

export const instant = (name: string) => integer(name, { mode: 'timestamp_ms' })

export const createdAt = () =>
	instant('created_at')
		.notNull()
		.$defaultFn(() => new Date())

export const updatedAt = () =>
	instant('updated_at')
		.notNull()
		.$defaultFn(() => new Date())
		.$onUpdateFn(() => new Date())

export const booleanColumn = (name: string) => integer(name, { mode: 'boolean' })

export const cents = (name: string) => integer(name)

export const jsonColumn = <T>(name: string) => text(name, { mode: 'json' }).$type<T>()
