import { describe, expect, test } from 'vitest'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { allowPageCache, keepPageCache } from './page-cache.server.ts'

const cacheablePage = ({ context }: { context: Parameters<typeof allowPageCache>[0] }) => {
	allowPageCache(context, 30)
	allowPageCache(context, 10) // the shortest wins
	return { ok: true }
}

describe('page cache marker', () => {
	test('an anonymous GET of an opted-in page is marked with the shortest time', async () => {
		const result = await callRoute(cacheablePage, { path: '/playrooms' })
		expect(result.headers.get('X-Page-Cache')).toBe('10')
	})

	test('a logged-in GET is never marked', async () => {
		const { cookie } = await createLoggedInUser()
		const result = await callRoute(cacheablePage, { path: '/playrooms', cookie })
		expect(result.headers.get('X-Page-Cache')).toBeNull()
	})

	test('pages that do not opt in are not marked', async () => {
		const result = await callRoute(() => ({ ok: true }), { path: '/playrooms' })
		expect(result.headers.get('X-Page-Cache')).toBeNull()
	})

	test('a write marked keep says so; other writes say nothing (and empty the cache)', async () => {
		const kept = await callRoute(
			({ context }) => {
				keepPageCache(context)
				return null
			},
			{ path: '/api/Public/Playrooms/PlayroomPageView', json: {} },
		)
		expect(kept.headers.get('X-Page-Cache')).toBe('keep')
		const plain = await callRoute(() => null, { path: '/guest/orders', json: {} })
		expect(plain.headers.get('X-Page-Cache')).toBeNull()
	})
})
