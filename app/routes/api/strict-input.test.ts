import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { bookingFixture, daysAhead, hourlySlot, orderApiBody } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action as editAction } from '../account/edit.tsx'
import { action as authAction } from './auth.ts'
import { action as ordersAction } from './customer-orders.ts'

/**
 * Issue 10, defect 4 through the real routes: loose numbers and unsafe text
 * are refused with a translated 400 and change nothing; NFD text is stored
 * as NFC. (Schema-level cases: app/schemas/fields.test.ts.)
 */
async function orderSetup() {
	const fixture = await bookingFixture({ instantBooking: true })
	const { token } = await createLoggedInUser({ role: 'Customer', phoneNumber: '+49 170 5550199' })
	const slot = hourlySlot(daysAhead(25), 11, 2)
	const body = (overrides: Record<string, unknown> = {}) => orderApiBody(fixture.playroom.id, slot, overrides)
	return { fixture, token, body }
}

const ordersOf = (playroomId: string) =>
	getDb().select().from(orders).where(eq(orders.playroomId, playroomId)).all()

describe('POST /api/Customer/Orders/Create', () => {
	test.each([
		['"0x10" for adults', { adults: '0x10' }, 'adults'],
		['"16" for adults', { adults: '16' }, 'adults'],
		['true for adults', { adults: true }, 'adults'],
		['2.5 for adults', { adults: 2.5 }, 'adults'],
		['true for children', { children: true }, 'children'],
	])('%s is a 400 and no order', async (_, overrides, field) => {
		const { fixture, token, body } = await orderSetup()
		const result = await callApi(ordersAction, 'Customer/Orders', 'Create', {
			json: body(overrides),
			token,
			language: 'en',
		})
		expect(result.status).toBe(400)
		expect(result.error?.name).toBe('ValidationError')
		expect(result.error?.fields?.[field]).toEqual(['Value must be numeric'])
		expect(ordersOf(fixture.playroom.id)).toHaveLength(0)
	})

	test('true for extras[].quantity is a 400', async () => {
		const { token, body } = await orderSetup()
		const result = await callApi(ordersAction, 'Customer/Orders', 'Create', {
			json: body({ extras: [{ additionId: 'AbCdEfGhIjKlMnOp', quantity: true }] }),
			token,
		})
		expect(result.status).toBe(400)
		expect(result.error?.fields?.['extras.0.quantity']).toEqual(['Wert muss numerisch sein'])
	})

	test.each([
		['NUL', 'Hallo\u0000'],
		['a lone surrogate', 'Hallo \uD83D'],
		['U+202E', 'Hallo \u202Eevil'],
	])('a message with %s is a 400 with the translated message', async (_, message) => {
		const { fixture, token, body } = await orderSetup()
		const result = await callApi(ordersAction, 'Customer/Orders', 'Create', {
			json: body({ message }),
			token,
			language: 'en',
		})
		expect(result.status).toBe(400)
		expect(result.error?.fields?.message?.[0]).toContain('characters that are not allowed')
		expect(ordersOf(fixture.playroom.id)).toHaveLength(0)
	})

	test('a valid order is stored with its message in NFC; line breaks stay', async () => {
		const { fixture, token, body } = await orderSetup()
		const result = await callApi(ordersAction, 'Customer/Orders', 'Create', {
			json: body({ message: 'Gru\u0308ße\r\nvon Jose\u0301', unknownKey: 'ignored' }),
			token,
		})
		expect(result.status).toBe(200)
		const [order] = ordersOf(fixture.playroom.id)
		expect(order?.message).toBe('Grüße\nvon José')
		expect(order?.adults).toBe(2)
	})
})

/** POST /api/Auth/registerCustomer with a fresh address; returns the answer and the address. */
async function register(names: { firstName: string; lastName: string; displayName: string }) {
	const email = `strict-${Math.random().toString(36).slice(2)}@example.test`
	const result = await callApi(authAction, 'Auth', 'registerCustomer', {
		json: { email, password: 'Kletterwand-Sonne-42', acceptTerms: true, ...names },
	})
	return { result, row: getDb().select().from(users).where(eq(users.email, email)).get() }
}

describe('names and display names through the API and the forms', () => {
	test.each([
		['NUL', 'Anna\u0000Berg'],
		['a lone surrogate', 'Anna\uDE00'],
		['U+202E', 'Anna\u202Egreb'],
	])('registration with %s in the display name is a 400 and no account', async (_, displayName) => {
		const { result, row } = await register({ firstName: 'Anna', lastName: 'Berg', displayName })
		expect(result.status).toBe(400)
		expect(result.error?.fields?.displayName?.[0]).toContain('unzulässige Zeichen')
		expect(row).toBeUndefined()
	})

	test('registration stores names in NFC', async () => {
		const { result, row } = await register({
			firstName: 'Jose\u0301',
			lastName: 'Mu\u0308ller',
			displayName: `Familie Mu\u0308ller ${Math.random().toString(36).slice(2, 6)}`,
		})
		expect(result.status).toBe(200)
		expect(row?.firstName).toBe('José')
		expect(row?.lastName).toBe('Müller')
		expect(row?.displayName.startsWith('Familie Müller')).toBe(true)
	})

	test('the profile form refuses a bidi override and changes nothing', async () => {
		const { user, cookie } = await createLoggedInUser()
		const result = await callRoute(editAction, {
			path: '/guest/account/edit',
			cookie,
			form: {
				intent: 'profile',
				firstName: 'Nina\u202E',
				lastName: 'Neu',
				displayName: 'Familie Neu Bidi',
				langPreference: 'de',
			},
		})
		expect(result.status).toBe(400)
		expect(JSON.stringify(result.data)).toContain('validation.invalidCharacters')
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()?.firstName).toBe(user.firstName)
	})
})
