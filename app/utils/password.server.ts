import { hash, verify } from '@node-rs/argon2'

/**
 * Password hashing with argon2id at the OWASP minimum parameters
 * (19 MiB memory, 2 iterations, 1 lane). The hash string carries its
 * parameters, so they can be raised later without breaking old hashes.
 */
const OPTIONS = {
	algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
	memoryCost: 19_456,
	timeCost: 2,
	parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
	return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
	if (!passwordHash) return false
	try {
		return await verify(passwordHash, password)
	} catch {
		return false
	}
}
