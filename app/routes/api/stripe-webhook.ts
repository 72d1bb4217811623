import { handleStripeWebhook } from '#app/models/booking/payments.server.ts'
import { apiHandler, methodNotAllowed } from '#app/utils/api.server.ts'

/**
 * POST /api/Payments/StripeWebhook — Stripe's events about Checkout Sessions.
 * The signature (Stripe-Signature) is checked over the raw body; a bad one is
 * a 400 and changes nothing. Each event id is handled once.
 */
export const loader = apiHandler(methodNotAllowed)
export const action = apiHandler(async ({ request }) => {
	if (request.method !== 'POST') methodNotAllowed()
	const body = await request.text()
	return handleStripeWebhook(body, request.headers.get('Stripe-Signature'))
})
