import { describe, expect, it } from 'vitest'
import { createTestUser } from '#tests/helpers/users.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'

function statusOf(run: () => unknown): number {
	try {
		run()
		return 200
	} catch (error) {
		if (isAppError(error)) return error.status
		throw error
	}
}

describe('requireManageablePlayroom', () => {
	it('lets the host and an admin manage the playroom, and nobody else', async () => {
		const hostA = await createTestUser({ role: 'Owner' })
		const hostB = await createTestUser({ role: 'Owner' })
		const guest = await createTestUser({ role: 'Customer' })
		const admin = await createTestUser({ role: 'Admin' })
		const playroom = await createTestPlayroom({ hostId: hostA.id })

		expect(requireManageablePlayroom(hostA, playroom.id).id).toBe(playroom.id)
		expect(requireManageablePlayroom(admin, playroom.id).id).toBe(playroom.id)
		expect(statusOf(() => requireManageablePlayroom(hostB, playroom.id))).toBe(404)
		expect(statusOf(() => requireManageablePlayroom(guest, playroom.id))).toBe(404)
		expect(statusOf(() => requireManageablePlayroom(null, playroom.id))).toBe(404)
		expect(statusOf(() => requireManageablePlayroom(hostA, 'no-such-playroom'))).toBe(404)
		expect(statusOf(() => requireManageablePlayroom(hostA, undefined))).toBe(404)
	})
})
