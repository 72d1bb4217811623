import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { data, redirect, useActionData } from 'react-router'
import type { Route } from './+types/checkout.ts'
import { CheckoutWizard } from '#app/routes/checkout/wizard/checkout-wizard.tsx'
import { registerUser } from '#app/models/accounts/account.server.ts'
import {
	checkoutSearch,
	guestsStepErrors,
	loadCheckout,
	parseCheckoutState,
	paymentStepErrors,
	readExtrasFromForm,
	resolveChosenStay,
	saveBookingContact,
	type CheckoutState,
	type CheckoutUser,
} from '#app/models/booking/checkout.server.ts'
import { findAlternatives } from '#app/models/booking/booking-availability.server.ts'
import { createOrder } from '#app/models/booking/order-creation.server.ts'
import { startCardPayment } from '#app/models/booking/payments.server.ts'
import { registerGuestSchema } from '#app/schemas/auth.ts'
import {
	confirmStepSchema,
	contactStepSchema,
	dateStepSchema,
	guestsStepSchema,
	paymentStepSchema,
} from '#app/schemas/checkout.ts'
import { AppError, isAppError } from '#app/utils/app-error.ts'
import { getSessionUser, loginRedirectUrl } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getServices } from '#app/utils/context.server.ts'
import {
	isUnknownVoucher,
	recordVoucherGuess,
	voucherGuessesExhausted,
} from '#app/models/vouchers/voucher-redemption.server.ts'

/**
 * /public/playroomOrder/checkout (+ /page, /BookingWizard): the checkout
 * wizard (issue 5, ADR 0044). The state is in the URL; each step posts to
 * this action, which checks it and redirects to the next step's URL. The
 * last step creates the order (or, when the time was taken meanwhile, says
 * so with the nearest free alternatives).
 */
function checkoutUser(context: Route.LoaderArgs['context']): CheckoutUser | null {
	const user = getSessionUser(context)
	return user
		? {
				id: user.id,
				role: user.role,
				email: user.email,
				firstName: user.firstName,
				lastName: user.lastName,
				phoneNumber: user.phoneNumber,
			}
		: null
}

function readState(url: URL) {
	const parsed = parseCheckoutState(url.searchParams)
	if (!parsed.state) throw notFound()
	return { state: parsed.state, dropped: parsed.dropped }
}

function viewOrNotFound(work: () => ReturnType<typeof loadCheckout>) {
	try {
		return work()
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
}

/** Requests whose unknown voucher code was counted already (an action and its page render count once). */
const guessCounted = new WeakSet<object>()

/**
 * The checkout under the voucher guessing limit (ADR 0167): per account and IP, an unknown code
 * counts once per request; past the limit every code is refused with "too many attempts".
 */
async function voucherGuard(context: Route.LoaderArgs['context'], user: CheckoutUser | null) {
	const services = getServices(context)
	const who = { userId: user?.id ?? null, ip: services.clientIp || null }
	return {
		exhausted: () => voucherGuessesExhausted(who),
		count: async (fields: Record<string, string[]> | undefined) => {
			if (!isUnknownVoucher(fields) || guessCounted.has(services)) return
			guessCounted.add(services)
			await recordVoucherGuess(who)
		},
	}
}

async function guardedView(
	state: CheckoutState,
	dropped: string[],
	user: CheckoutUser | null,
	context: Route.LoaderArgs['context'],
) {
	const guard = await voucherGuard(context, user)
	const exhausted = state.voucherCode ? await guard.exhausted() : false
	const view = viewOrNotFound(() =>
		loadCheckout(state, dropped, user, getLocale(context), { voucherGuessesExhausted: exhausted }),
	)
	await guard.count(view.priceErrors)
	return view
}

export async function loader({ url, context }: Route.LoaderArgs) {
	const { state, dropped } = readState(url)
	const user = checkoutUser(context)
	const view = await guardedView(state, dropped, user, context)
	return {
		view,
		user: user
			? { role: user.role, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }
			: null,
		contact: user
			? { firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber ?? '' }
			: null,
		registered: url.searchParams.get('registered') === '1',
		loginUrl: loginRedirectUrl(url, context),
		path: stripLocale(url.pathname),
	}
}

type Intent = 'date' | 'guests' | 'contact' | 'register' | 'payment' | 'confirm'

export type CheckoutActionData = FormActionData<Intent> & {
	alternatives?: { start: number; end: number; search: string }[]
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '') as Intent
	const { state } = readState(url)
	const locale = getLocale(context)
	const t = looseT(getT(context))
	const user = checkoutUser(context)
	const here = localizePath(stripLocale(url.pathname), locale)
	const go = (next: Partial<CheckoutState>) => redirect(`${here}${checkoutSearch(state, next)}`)
	const view = (next: CheckoutState) => viewOrNotFound(() => loadCheckout(next, [], user, locale))

	switch (intent) {
		case 'date': {
			const submission = parseFormSubmission(form, { schema: dateStepSchema })
			if (submission.status !== 'success') return invalidForm(intent, submission)
			const current = view(state)
			try {
				const stay = resolveChosenStay(current.summary.playroomId, submission.value, {
					holderId: user?.id ?? null,
				})
				return go({
					bookingType: submission.value.bookingType,
					checkIn: stay.start,
					checkOut: stay.end,
					date: null,
					step: 'guests',
				})
			} catch (error) {
				return failedForm(intent, submission, error)
			}
		}
		case 'guests': {
			const submission = parseFormSubmission(form, { schema: guestsStepSchema })
			if (submission.status !== 'success') return invalidForm(intent, submission)
			const current = view(state)
			const extras = readExtrasFromForm(
				form,
				current.summary.additions.map((a) => a.id),
			)
			const next = { ...state, ...submission.value, extras: extras.extras }
			const errors = { ...extras.errors, ...guestsStepErrors(view(next)) }
			if (Object.keys(errors).length > 0) {
				return data({ intent, result: submission.reply({ fieldErrors: errors }) }, { status: 400 })
			}
			return go({ ...submission.value, extras: extras.extras, step: 'contact' })
		}
		case 'contact': {
			const submission = parseFormSubmission(form, { schema: contactStepSchema })
			if (submission.status !== 'success') return invalidForm(intent, submission)
			if (!user) throw redirect(loginRedirectUrl(url, context))
			if (user.role !== 'Customer') {
				return data(
					{ intent, result: submission.reply({ formErrors: ['booking:errors.guestAccountRequired'] }) },
					{ status: 403 },
				)
			}
			saveBookingContact(user.id, submission.value)
			return go({ step: 'payment' })
		}
		case 'register': {
			const submission = parseFormSubmission(form, { schema: registerGuestSchema })
			if (submission.status !== 'success') return invalidForm(intent, submission)
			try {
				await registerUser({ ...submission.value, role: 'Customer' }, { locale })
			} catch (error) {
				return failedForm(intent, submission, error)
			}
			const params = new URLSearchParams(checkoutSearch(state, { step: 'contact' }))
			params.set('registered', '1')
			return redirectWithToast(`${here}?${params.toString()}`, {
				type: 'info',
				description: t('auth:register.done', { email: submission.value.email }),
			})
		}
		case 'payment': {
			const submission = parseFormSubmission(form, { schema: paymentStepSchema })
			if (submission.status !== 'success') return invalidForm(intent, submission)
			const next = {
				...state,
				paymentMethod: submission.value.paymentMethod,
				voucherCode: submission.value.voucherCode ?? null,
			}
			const errors = paymentStepErrors(await guardedView(next, [], user, context))
			if (Object.keys(errors).length > 0) {
				return data({ intent, result: submission.reply({ fieldErrors: errors }) }, { status: 400 })
			}
			return go({ paymentMethod: next.paymentMethod, voucherCode: next.voucherCode, step: 'review' })
		}
		case 'confirm':
			return confirm(form, state, user, { url, context, here })
		default:
			return new Response(null, { status: 400 })
	}
}

async function confirm(
	form: FormData,
	state: CheckoutState,
	user: CheckoutUser | null,
	{ url, context, here }: { url: URL; context: Route.ActionArgs['context']; here: string },
) {
	const intent = 'confirm' as const
	const submission = parseFormSubmission(form, { schema: confirmStepSchema })
	if (submission.status !== 'success') return invalidForm(intent, submission)
	if (!user) throw redirect(loginRedirectUrl(url, context))
	const locale = getLocale(context)
	const current = await guardedView(state, [], user, context)
	const missing = (['date', 'guests', 'contact', 'payment'] as const).filter(
		(step) => !current.complete[step],
	)
	const onlyTheSlotIsGone = missing.length === 1 && missing[0] === 'date' && current.slotProblem !== null
	if (missing.length > 0 && !onlyTheSlotIsGone) {
		// Something before the review is missing or no longer valid: back to that step.
		// The original state: the page then names every value it drops (issue 11).
		throw redirect(`${here}${checkoutSearch(state, { step: missing[0] })}`)
	}
	const { street, postalCode, city } = submission.value
	// Any address part makes an address: createOrder refuses it for a fixed place, checks it for a Mobile offer.
	const eventAddress =
		street || postalCode || city
			? { street: street ?? '', postalCode: postalCode ?? '', city: city ?? '' }
			: null
	const stay = { start: state.checkIn ?? 0, end: state.checkOut ?? 0 }
	let order
	try {
		order = createOrder(
			{
				playroomId: current.summary.playroomId,
				bookingType: current.bookingType ?? 'Hourly',
				checkIn: stay.start,
				checkOut: stay.end,
				adults: state.adults ?? 1,
				children: state.children,
				extras: state.extras,
				message: submission.value.message ?? null,
				eventAddress,
				paymentMethod: state.paymentMethod ?? current.paymentMethods[0] ?? 'BankTransfer',
				voucherCode: state.voucherCode,
				idempotencyKey: submission.value.idempotencyKey,
			},
			user,
			{ locale },
		).order
	} catch (error) {
		if (isAppError(error) && error.errorName === 'SlotNotAvailable' && current.bookingType) {
			const alternatives = findAlternatives(current.summary.playroomId, current.bookingType, stay).map(
				(a) => ({
					start: a.start,
					end: a.end,
					search: checkoutSearch(current.state, { checkIn: a.start, checkOut: a.end, step: 'review' }),
				}),
			)
			return data(
				{
					intent,
					errorName: error.errorName,
					alternatives,
					result: submission.reply({ formErrors: ['booking:errors.slotNotAvailable'] }),
				},
				{ status: 409 },
			)
		}
		return failedForm(intent, submission, addressFieldsOfForm(error))
	}
	const confirmation = localizePath(`/public/playroomOrder/${order.id}/confirmation`, locale)
	if (order.status === 'AwaitingPayment' && order.paymentMethod === 'Card') {
		try {
			const { url } = await startCardPayment(order.id, user, locale)
			return redirect(url)
		} catch {
			// The order exists; the confirmation page offers to try the card payment again.
			return redirect(`${confirmation}?payment=cancelled`)
		}
	}
	return redirect(confirmation)
}

/** createOrder names the address fields eventAddress.*; the review form calls them street, postalCode, city. */
function addressFieldsOfForm(error: unknown) {
	if (!isAppError(error) || !error.fields) return error
	const fields = Object.fromEntries(
		Object.entries(error.fields).map(([name, messages]) => [
			name === 'eventAddress' ? 'street' : name.replace(/^eventAddress\./, ''),
			messages,
		]),
	)
	return new AppError(error.status, error.errorName, {
		messageKey: error.messageKey,
		params: error.params,
		fields,
	})
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const actionData = useActionData<CheckoutActionData>()
	return (
		<main id="main">
			<title>{`${pageTitle(t, 'checkout')} – ${loaderData.view.summary.name} | ${t('appName')}`}</title>
			<meta name="robots" content="noindex" />
			<CheckoutWizard data={loaderData} actionData={actionData} />
		</main>
	)
}
