import { and, eq, inArray, isNull } from 'drizzle-orm'
import { userTokens, type TokenPurpose } from '#db/schema/users.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { generateToken, hashToken } from './session.server.ts'

/**
 * One-time tokens sent by e-mail (PRODUCT.md §3): 256 random bits, only their
 * SHA-256 is stored, single use, and they expire — confirm e-mail 48 h, reset
 * password 1 h, change e-mail 24 h. Issuing a new token of a purpose revokes the
 * user's earlier unused ones, so only the newest link works.
 */
const HOUR_MS = 60 * 60 * 1000
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
	confirmEmail: 48 * HOUR_MS,
	resetPassword: 1 * HOUR_MS,
	changeEmail: 24 * HOUR_MS,
}

export function issueUserToken(
	input: { userId: string; purpose: TokenPurpose; payload?: string | null; now?: Date },
	db: DbOrTx = getDb(),
): string {
	const now = input.now ?? new Date()
	revokeUserTokens(input.userId, [input.purpose], db)
	const token = generateToken()
	db.insert(userTokens)
		.values({
			userId: input.userId,
			purpose: input.purpose,
			tokenHash: hashToken(token),
			payload: input.payload ?? null,
			createdAt: now,
			expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
		})
		.run()
	return token
}

export type TokenCheck =
	| { status: 'valid'; tokenId: string; userId: string; payload: string | null }
	| { status: 'invalid' | 'used' | 'expired' }

/** Looks a token up without spending it. It must belong to `userId` and `purpose`. */
export function checkUserToken(
	input: { userId: string; purpose: TokenPurpose; token: string; now?: Date },
	db: DbOrTx = getDb(),
): TokenCheck {
	if (!input.token || input.token.length > 200) return { status: 'invalid' }
	const row = db
		.select()
		.from(userTokens)
		.where(eq(userTokens.tokenHash, hashToken(input.token)))
		.get()
	if (!row || row.userId !== input.userId || row.purpose !== input.purpose) return { status: 'invalid' }
	if (row.usedAt) return { status: 'used' }
	if (row.expiresAt.getTime() <= (input.now ?? new Date()).getTime()) return { status: 'expired' }
	return { status: 'valid', tokenId: row.id, userId: row.userId, payload: row.payload }
}

/** Spends a token; returns false if it was spent meanwhile (call inside the transaction that uses it). */
export function spendUserToken(tokenId: string, now: Date, db: DbOrTx): boolean {
	return (
		db
			.update(userTokens)
			.set({ usedAt: now })
			.where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
			.run().changes === 1
	)
}

/**
 * Voids a user's unused tokens of the given purposes. A changed password or
 * e-mail address voids every outstanding reset and change-e-mail link
 * (docs/decisions/0056-credential-links-and-account-email-limits.md).
 */
export function revokeUserTokens(userId: string, purposes: readonly TokenPurpose[], db: DbOrTx = getDb()) {
	db.delete(userTokens)
		.where(
			and(
				eq(userTokens.userId, userId),
				inArray(userTokens.purpose, [...purposes]),
				isNull(userTokens.usedAt),
			),
		)
		.run()
}

/** The links a credential change voids: a reset or an e-mail change requested before it. */
export const CREDENTIAL_LINKS = ['resetPassword', 'changeEmail'] as const satisfies readonly TokenPurpose[]

/** Removes every unused token of a user (account deletion). */
export function deleteUserTokens(userId: string, db: DbOrTx = getDb()) {
	db.delete(userTokens).where(eq(userTokens.userId, userId)).run()
}
