import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { CheckoutView } from '#app/models/booking/checkout.server.ts'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { STEPS, type LoaderData, type Step } from './shared.tsx'
import { Summary, useLivePrice } from './summary.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'

/**
 * The checkout wizard's steps (ADR 0044). Every step is a server-rendered
 * form that works without JavaScript; with JavaScript the forms validate in
 * the browser, the duration list follows the chosen start, and the price
 * follows guests and extras live (GetPrice).
 *
 * One module per step in app/components/checkout/ (date, guests, contact,
 * payment, review), the side panel with the live price in summary.tsx and
 * the shared pieces in shared.tsx; this module is the frame and the stepper.
 */
const NOTE_STEP: Record<string, Step | undefined> = {
	bookingType: 'date',
	checkIn: 'date',
	checkOut: 'date',
	date: 'date',
	guests: 'guests',
	adults: 'guests',
	children: 'guests',
	extras: 'guests',
	paymentMethod: 'payment',
	voucherCode: 'payment',
}

/**
 * The steps load as their own chunks (ADR 0128), with Conform's React part that only they use: the
 * page hydrates without them, and each step's server-rendered form works as a plain form (as
 * without JavaScript) until its chunk is there. The current step's chunk is requested while the
 * page hydrates, the next step's right after, so it is ready when the wizard moves on (while a
 * step's chunk loads on a client-side move, React Router's transition keeps the old step on screen).
 */
const STEP_MODULES = {
	date: () => import('./date-step.tsx'),
	guests: () => import('./guests-step.tsx'),
	contact: () => import('./contact-step.tsx'),
	payment: () => import('./payment-step.tsx'),
	review: () => import('./review-step.tsx'),
} satisfies Record<Step, () => Promise<unknown>>
const DateStep = lazy(() => STEP_MODULES.date().then((m) => ({ default: m.DateStep })))
const GuestsStep = lazy(() => STEP_MODULES.guests().then((m) => ({ default: m.GuestsStep })))
const ContactStep = lazy(() => STEP_MODULES.contact().then((m) => ({ default: m.ContactStep })))
const PaymentStep = lazy(() => STEP_MODULES.payment().then((m) => ({ default: m.PaymentStep })))
const ReviewStep = lazy(() => STEP_MODULES.review().then((m) => ({ default: m.ReviewStep })))

/** Requests the next step's chunk once this step is on screen (a step left behind loads on the way back). */
function usePreloadedNextStep(step: Step) {
	useEffect(() => {
		const next = STEPS[STEPS.indexOf(step) + 1]
		if (next) void STEP_MODULES[next]().catch(() => undefined)
	}, [step])
}

function stepHref(path: string, search: string, step: Step) {
	const params = new URLSearchParams(search)
	params.set('step', step)
	return `${path}?${params.toString()}`
}

function Stepper({ view, path }: { view: CheckoutView; path: string }) {
	const { t } = useTranslation('booking')
	const current = STEPS.indexOf(view.step)
	return (
		<nav aria-label={t('checkout.steps.label')} className="mb-6">
			<ol className="flex flex-wrap gap-2 text-sm">
				{STEPS.map((step, index) => {
					const label = `${index + 1}. ${t(`checkout.steps.${step}`)}`
					const reachable =
						index < current || (index > current && STEPS.slice(0, index).every((s) => view.complete[s]))
					return (
						<li key={step}>
							{step === view.step ? (
								<span aria-current="step" className="btn-primary px-3 py-1">
									{label}
									<span className="sr-only"> {t('checkout.steps.current')}</span>
								</span>
							) : reachable ? (
								<LocaleLink to={stepHref(path, view.search, step)} className="btn-secondary px-3 py-1">
									{label}
									{view.complete[step] ? <span className="sr-only"> {t('checkout.steps.done')}</span> : null}
								</LocaleLink>
							) : (
								<span className="btn px-3 py-1 text-ink-muted">{label}</span>
							)}
						</li>
					)
				})}
			</ol>
			<p className="mt-2 text-xs text-ink-muted">
				{t('checkout.stepOf', { step: current + 1, total: STEPS.length })}
			</p>
		</nav>
	)
}

export function CheckoutWizard({
	data,
	actionData,
}: {
	data: LoaderData
	actionData: CheckoutActionData | undefined
}) {
	const { t } = useTranslation('booking')
	const { view } = data
	const { live, request } = useLivePrice(view)
	usePreloadedNextStep(view.step)
	const notes = [...new Set(view.notes.map((note) => NOTE_STEP[note]).filter((s): s is Step => Boolean(s)))]
	return (
		<div data-testid="checkout" data-step={view.step}>
			<h1 className="mb-1 text-3xl font-bold">{t('checkout.title')}</h1>
			<p className="mb-4 text-ink-muted">{view.summary.name}</p>
			{notes.length ? (
				<p
					role="alert"
					className="mb-4 rounded-lg border border-warning p-3 text-sm"
					data-testid="checkout-notes"
				>
					{t('checkout.droppedValues', { fields: notes.map((s) => t(`checkout.steps.${s}`)).join(', ') })}
				</p>
			) : null}
			<Stepper view={view} path={data.path} />
			<div className="grid gap-6 md:grid-cols-[1fr_20rem]">
				<section className="card" aria-labelledby="step-title">
					<h2 id="step-title" className="mb-4 text-xl font-semibold">
						{t(`checkout.steps.${view.step}`)}
					</h2>
					<Suspense>
						{view.step === 'date' ? <DateStep view={view} actionData={actionData} /> : null}
						{view.step === 'guests' ? (
							<GuestsStep view={view} actionData={actionData} onChange={request} />
						) : null}
						{view.step === 'contact' ? <ContactStep data={data} actionData={actionData} /> : null}
						{view.step === 'payment' ? <PaymentStep view={view} actionData={actionData} /> : null}
						{view.step === 'review' ? <ReviewStep data={data} actionData={actionData} /> : null}
					</Suspense>
				</section>
				<Summary view={view} livePrice={live} />
			</div>
		</div>
	)
}
