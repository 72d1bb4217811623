/**
 * A small seeded pseudo-random generator (mulberry32) so demo data is the same
 * on every run. Not for anything security-related — that uses node:crypto.
 */
export type Random = ReturnType<typeof createRandom>

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

export function createRandom(seed: number) {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
	return {
		next,
		/** An integer in [min, max]. */
		int,
		chance: (probability: number) => next() < probability,
		pick<T>(items: readonly T[]): T {
			if (items.length === 0) throw new Error('pick from an empty list')
			return items[int(0, items.length - 1)] as T
		},
		shuffle<T>(items: readonly T[]): T[] {
			const copy = [...items]
			for (let i = copy.length - 1; i > 0; i--) {
				const j = int(0, i)
				;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
			}
			return copy
		},
		/** A 16-character id in the format of db/schema/columns.ts, reproducible. */
		id() {
			let id = ''
			for (let i = 0; i < 16; i++) id += ID_ALPHABET[int(0, 63)]
			return id
		},
	}
}
