import { createHash } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { playrooms } from '#db/schema/catalogue.ts'
import { createId } from '#db/schema/columns.ts'
import { importRecords, type ImportEntity, type ImportRowError } from '#db/schema/import.ts'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { slugify } from '#app/domain/search-text.ts'
import { stateOfPlace } from '#app/models/catalogue/german-places.server.ts'
import {
	importOrderSchema,
	importPlayroomSchema,
	importUserSchema,
	type ImportOrder,
	type ImportPlayroom,
	type ImportUser,
} from '#app/schemas/admin-import.ts'
import { sqliteErrorCode, type DbOrTx } from '#app/utils/db.server.ts'
import { validationMessage } from '#app/utils/validation.ts'

/**
 * One row of the import (ADR 0095): validate, compare with what the last
 * import of the same `legacyId` wrote (a hash of the validated values), then
 * create, update or leave it. In a dry run nothing is written; rows that
 * would be created get a placeholder id so later rows can still refer to them.
 */
export type RowOutcome = 'created' | 'updated' | 'unchanged' | Omit<ImportRowError, 'entity' | 'index'>

type Contact = { firstName: string; lastName: string; email: string; phoneNumber: string | null }

export type ImportState = {
	dryRun: boolean
	now: Date
	/** `${entity}:${legacyId}` → the local id and the hash of the last imported values. */
	records: Map<string, { entityId: string; hash: string }>
	/** Filled while importing so orders need no extra reads (and work in a dry run). */
	contacts: Map<string, Contact>
	playroomHosts: Map<string, string>
}

export function loadImportState(db: DbOrTx, dryRun: boolean, now: Date): ImportState {
	const records = new Map<string, { entityId: string; hash: string }>()
	for (const row of db.select().from(importRecords).all()) {
		records.set(`${row.entity}:${row.legacyId}`, { entityId: row.entityId, hash: row.hash })
	}
	return { dryRun, now, records, contacts: new Map(), playroomHosts: new Map() }
}

const fail = (
	reason: string,
	extra: { field?: string; legacyId?: string; params?: Record<string, string | number> } = {},
) => ({
	reason: extra.params ? validationMessage(reason, extra.params) : reason,
	field: extra.field,
	legacyId: extra.legacyId,
})

function parseRow<S extends z.ZodType>(
	schema: S,
	raw: unknown,
): { data: z.output<S> } | { error: RowOutcome } {
	const result = schema.safeParse(raw)
	if (result.success) return { data: result.data }
	const issue = result.error.issues[0]
	const legacyId =
		raw && typeof raw === 'object' && typeof (raw as { legacyId?: unknown }).legacyId === 'string'
			? String((raw as { legacyId: string }).legacyId).slice(0, 64)
			: undefined
	return {
		error: {
			reason: issue?.message ?? 'validation.invalid',
			field: issue?.path.join('.') || undefined,
			legacyId,
		},
	}
}

const hashOf = (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('base64url')

/** Shared frame: parse, look up the record, decide, write (unless dry run), remember the record. */
function upsertRow<T extends { legacyId: string }>(
	tx: DbOrTx,
	state: ImportState,
	entity: ImportEntity,
	parsed: { data: T } | { error: RowOutcome },
	write: (data: T, existingId: string | null) => string | RowOutcome,
	remember: (data: T, entityId: string) => void,
): RowOutcome {
	if ('error' in parsed) return parsed.error
	const { data } = parsed
	const key = `${entity}:${data.legacyId}`
	const hash = hashOf(data)
	const existing = state.records.get(key) ?? null
	if (existing && existing.hash === hash) {
		remember(data, existing.entityId)
		return 'unchanged'
	}
	const entityId = write(data, existing?.entityId ?? null)
	if (typeof entityId !== 'string') return { ...entityId, legacyId: data.legacyId }
	if (!state.dryRun) {
		tx.insert(importRecords)
			.values({ entity, legacyId: data.legacyId, entityId, hash })
			.onConflictDoUpdate({
				target: [importRecords.entity, importRecords.legacyId],
				set: { entityId, hash, updatedAt: state.now },
			})
			.run()
	}
	state.records.set(key, { entityId, hash })
	remember(data, entityId)
	return existing ? 'updated' : 'created'
}

/** A unique-constraint failure while writing becomes a row error instead of stopping the chunk. */
function guarded(work: () => string, reason: string, field: string): string | RowOutcome {
	try {
		return work()
	} catch (error) {
		if (sqliteErrorCode(error)?.startsWith('SQLITE_CONSTRAINT')) return fail(reason, { field })
		throw error
	}
}

export function importUserRow(tx: DbOrTx, state: ImportState, raw: unknown): RowOutcome {
	return upsertRow<ImportUser>(
		tx,
		state,
		'users',
		parseRow(importUserSchema, raw),
		(row, existingId) => {
			const own = existingId ?? ''
			const taken = tx
				.select({ email: users.email })
				.from(users)
				.where(
					and(
						ne(users.id, own),
						sql`(${users.email} = ${row.email} OR lower(${users.displayName}) = lower(${row.displayName}))`,
					),
				)
				.get()
			if (taken) {
				const field = taken.email === row.email ? 'email' : 'displayName'
				return fail(`adminImport:errors.${field}Taken`, { field })
			}
			if (state.dryRun) return existingId ?? `dry:${createId()}`
			const values = {
				email: row.email,
				role: row.role,
				displayName: row.displayName,
				firstName: row.firstName ?? '',
				lastName: row.lastName ?? '',
				phoneNumber: row.phoneNumber ?? null,
				langPreference: row.langPreference,
				companyName: row.companyName ?? null,
				street: row.street ?? null,
				postalCode: row.postalCode ?? null,
				city: row.city ?? null,
				emailConfirmedAt: row.emailConfirmed ? (row.createdAt ?? state.now) : null,
				imported: true,
				updatedAt: state.now,
			}
			return guarded(
				() => {
					if (existingId) {
						tx.update(users).set(values).where(eq(users.id, existingId)).run()
						return existingId
					}
					const id = createId()
					// No password: imported users set one through "forgot password"; no e-mail is sent here.
					tx.insert(users)
						.values({ ...values, id, passwordHash: null, createdAt: row.createdAt ?? state.now })
						.run()
					return id
				},
				'adminImport:errors.emailTaken',
				'email',
			)
		},
		(row, entityId) =>
			state.contacts.set(entityId, {
				firstName: row.firstName ?? '',
				lastName: row.lastName ?? '',
				email: row.email,
				phoneNumber: row.phoneNumber ?? null,
			}),
	)
}

export function importPlayroomRow(tx: DbOrTx, state: ImportState, raw: unknown): RowOutcome {
	let hostId = ''
	return upsertRow<ImportPlayroom>(
		tx,
		state,
		'playrooms',
		parseRow(importPlayroomSchema, raw),
		(row, existingId) => {
			const host = state.records.get(`users:${row.hostLegacyId}`)
			if (!host)
				return fail('adminImport:errors.unknownHost', {
					field: 'hostLegacyId',
					params: { legacyId: row.hostLegacyId },
				})
			hostId = host.entityId
			const taken = tx
				.select({ id: playrooms.id })
				.from(playrooms)
				.where(and(ne(playrooms.id, existingId ?? ''), eq(playrooms.playroomUrlPath, row.playroomUrlPath)))
				.get()
			if (taken) return fail('adminImport:errors.pathTaken', { field: 'playroomUrlPath' })
			if (state.dryRun) return existingId ?? `dry:${createId()}`
			const createdAt = row.createdAt ?? state.now
			const values = {
				hostId,
				name: row.name,
				playroomUrlPath: row.playroomUrlPath,
				descriptionDe: row.description ?? '',
				street: row.street ?? '',
				postalCode: row.postalCode ?? '',
				city: row.city,
				citySlug: slugify(row.city),
				stateSlug: stateOfPlace({ postalCode: row.postalCode, town: row.city }),
				lat: row.lat,
				lng: row.lng,
				maxGuests: row.maxGuests,
				sizeSqm: row.sizeSqm ?? null,
				status: row.status,
				publishedAt: row.status === 'Published' ? createdAt : null,
				updatedAt: state.now,
			}
			return guarded(
				() => {
					if (existingId) {
						tx.update(playrooms).set(values).where(eq(playrooms.id, existingId)).run()
						return existingId
					}
					const id = createId()
					tx.insert(playrooms)
						.values({ ...values, id, createdAt })
						.run()
					return id
				},
				'adminImport:errors.pathTaken',
				'playroomUrlPath',
			)
		},
		(row, entityId) => {
			const host = hostId || state.records.get(`users:${row.hostLegacyId}`)?.entityId
			if (host) state.playroomHosts.set(entityId, host)
		},
	)
}

function playroomHost(tx: DbOrTx, state: ImportState, playroomId: string): string | null {
	const known = state.playroomHosts.get(playroomId)
	if (known) return known
	const row = tx
		.select({ hostId: playrooms.hostId })
		.from(playrooms)
		.where(eq(playrooms.id, playroomId))
		.get()
	return row?.hostId ?? null
}

function guestContact(tx: DbOrTx, state: ImportState, guestId: string): Contact | null {
	const known = state.contacts.get(guestId)
	if (known) return known
	const row = tx
		.select({
			firstName: users.firstName,
			lastName: users.lastName,
			email: users.email,
			phoneNumber: users.phoneNumber,
		})
		.from(users)
		.where(eq(users.id, guestId))
		.get()
	return row ?? null
}

export function importOrderRow(tx: DbOrTx, state: ImportState, raw: unknown): RowOutcome {
	return upsertRow<ImportOrder>(
		tx,
		state,
		'orders',
		parseRow(importOrderSchema, raw),
		(row, existingId) => {
			const playroomId = state.records.get(`playrooms:${row.playroomLegacyId}`)?.entityId
			const guestId = state.records.get(`users:${row.guestLegacyId}`)?.entityId
			if (!playroomId)
				return fail('adminImport:errors.unknownPlayroom', {
					field: 'playroomLegacyId',
					params: { legacyId: row.playroomLegacyId },
				})
			if (!guestId)
				return fail('adminImport:errors.unknownGuest', {
					field: 'guestLegacyId',
					params: { legacyId: row.guestLegacyId },
				})
			const hostId = playroomHost(tx, state, playroomId)
			const contact = guestContact(tx, state, guestId)
			if (!hostId || !contact)
				return fail('adminImport:errors.unknownPlayroom', { field: 'playroomLegacyId' })
			const taken = tx
				.select({ id: orders.id })
				.from(orders)
				.where(and(ne(orders.id, existingId ?? ''), eq(orders.code, row.code)))
				.get()
			if (taken) return fail('adminImport:errors.codeTaken', { field: 'code' })
			if (state.dryRun) return existingId ?? `dry:${createId()}`
			const createdAt = row.createdAt ?? state.now
			const total = row.totalAmount
			const values = {
				code: row.code,
				playroomId,
				guestId,
				hostId,
				bookingType: row.bookingType,
				checkIn: row.checkIn,
				checkOut: row.checkOut,
				adults: row.adults,
				children: row.children,
				contact,
				// The original's breakdown is not part of the export: one line with the total.
				price: {
					currency: 'EUR' as const,
					lines: [{ kind: 'imported', quantity: 1, unitPrice: total, amount: total }],
					total,
					vatRatePercent: 0,
					vatAmount: 0,
					deposit: 0,
				},
				totalAmount: total,
				paymentMethod: row.paymentMethod,
				paymentStatus: row.paymentStatus,
				status: row.status,
				confirmedAt: row.status === 'Confirmed' || row.status === 'Completed' ? createdAt : null,
				completedAt: row.status === 'Completed' ? row.checkOut : null,
				cancelledAt: row.status === 'Cancelled' ? createdAt : null,
				commissionRateBp: row.commissionRateBp,
				commissionAmount: Math.round((total * row.commissionRateBp) / 10_000),
				updatedAt: state.now,
			}
			return guarded(
				() => {
					if (existingId) {
						tx.update(orders).set(values).where(eq(orders.id, existingId)).run()
						return existingId
					}
					const id = createId()
					tx.insert(orders)
						.values({ ...values, id, createdAt, idempotencyKey: `import:${row.legacyId}` })
						.run()
					return id
				},
				'adminImport:errors.codeTaken',
				'code',
			)
		},
		() => {},
	)
}
