/**
 * Spec §9: a swipe takes under 300 ms and moves at least 60 px horizontally
 * and at most 80 px vertically. Returns +1 (next: swiped left), -1 (previous:
 * swiped right) or 0 (not a swipe).
 */
export const SWIPE = { maxMs: 300, minX: 60, maxY: 80 } as const

export function swipeDirection(dx: number, dy: number, ms: number): -1 | 0 | 1 {
	if (ms >= SWIPE.maxMs || Math.abs(dx) < SWIPE.minX || Math.abs(dy) > SWIPE.maxY) return 0
	return dx < 0 ? 1 : -1
}
