import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation, useNavigation } from 'react-router'
import type { PaymentMethod } from '#db/schema/catalogue.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import type { CheckoutView } from '#app/models/checkout.server.ts'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { registerGuestSchema } from '#app/schemas/auth.ts'
import {
	confirmStepSchema,
	contactStepSchema,
	dateStepSchema,
	guestsStepSchema,
	MESSAGE_MAX,
	paymentStepSchema,
	VOUCHER_CODE_MAX,
} from '#app/schemas/checkout.ts'
import { ApiClientError, useApi } from '#app/utils/api-client.ts'
import { formatHours, formatAmount } from '#app/utils/format.ts'
import { formatDate, formatStay, formatTime } from '#app/utils/format-instant.ts'
import { openLoginModal } from '#app/utils/login-modal.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useLocale } from '#app/utils/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { EmailField, NewPasswordFields, PersonFields } from './account-fields.tsx'
import { PriceBreakdown, RefundSchedule, type PriceView } from './booking-ui.tsx'
import {
	CheckboxField,
	FieldErrors,
	FormAlert,
	getFormProps,
	SubmitButton,
	TextField,
	useAppForm,
} from './forms.tsx'
import { LocaleLink } from './locale-link.tsx'

/**
 * The checkout wizard's steps (ADR 0044). Every step is a server-rendered
 * form that works without JavaScript; with JavaScript the forms validate in
 * the browser, the duration list follows the chosen start, and the price
 * follows guests and extras live (GetPrice).
 */
type LoaderData = {
	view: CheckoutView
	user: { role: string; email: string; name: string } | null
	contact: { firstName: string; lastName: string; phoneNumber: string } | null
	registered: boolean
	loginUrl: string
	path: string
}

type Step = CheckoutView['step']
const STEPS: Step[] = ['date', 'guests', 'contact', 'payment', 'review']

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

function resultFor(actionData: CheckoutActionData | undefined, intent: string) {
	return actionData?.intent === intent ? actionData.result : undefined
}

/** Hidden inputs that carry the state of the other steps in a GET form. */
function HiddenState({ search, omit }: { search: string; omit: string[] }) {
	const params = [...new URLSearchParams(search).entries()].filter(([name]) => !omit.includes(name))
	return (
		<>
			{params.map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
		</>
	)
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

function Summary({ view, livePrice }: { view: CheckoutView; livePrice: LivePrice }) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const { summary, slot, state } = view
	const price = livePrice.price ?? view.price
	return (
		<aside className="card h-fit" aria-labelledby="checkout-summary" data-testid="checkout-summary">
			<h2 id="checkout-summary" className="mb-3 text-lg font-semibold">
				{t('checkout.summary.title')}
			</h2>
			{summary.image ? (
				<img
					src={summary.image.url}
					srcSet={summary.image.srcset}
					sizes="320px"
					width={summary.image.width}
					height={summary.image.height}
					alt={summary.image.alt}
					className="mb-3 aspect-[4/3] w-full rounded-lg object-cover"
				/>
			) : null}
			<p className="font-semibold">{summary.name}</p>
			<p className="mb-2 text-sm text-ink-muted">
				{summary.city} ·{' '}
				{summary.instantBooking ? t('checkout.summary.instant') : t('checkout.summary.request')}
			</p>
			<p className="text-sm" data-testid="summary-slot">
				{view.bookingType ? `${tc(`bookingTypes.${view.bookingType}`)}: ` : ''}
				{slot ? formatStay(slot.start, slot.end, locale) : t('checkout.summary.noSlot')}
			</p>
			{state.adults !== null ? (
				<p className="text-sm">
					{t('checkout.review.guestsValue', { adults: state.adults, children: state.children })}
				</p>
			) : null}
			<h3 className="mt-4 mb-1 font-semibold">{t('checkout.summary.priceTitle')}</h3>
			<div aria-live="polite">
				{livePrice.pending ? (
					<p className="text-xs text-ink-muted">{t('checkout.summary.updating')}</p>
				) : null}
				{livePrice.error ? <p className="text-sm text-danger">{livePrice.error}</p> : null}
				{price ? (
					<PriceBreakdown price={price} />
				) : (
					<p className="text-sm">
						{slot ? t('checkout.summary.priceAfterGuests') : t('checkout.summary.priceAfterSlot')}
					</p>
				)}
			</div>
		</aside>
	)
}

type LivePrice = { price: PriceView | null; pending: boolean; error: string | null }

/** GetPrice for the guests step, debounced; stale answers are dropped. */
function useLivePrice(view: CheckoutView) {
	const api = useApi()
	const [live, setLive] = useState<LivePrice>({ price: null, pending: false, error: null })
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	const sequence = useRef(0)
	const request = useCallback(
		(guests: number, extras: { additionId: string; quantity: number }[]) => {
			if (!view.slot || !view.bookingType) return
			clearTimeout(timer.current)
			const id = ++sequence.current
			setLive((previous) => ({ ...previous, pending: true }))
			timer.current = setTimeout(() => {
				const query = new URLSearchParams({
					playroomId: view.summary.playroomId,
					bookingType: view.bookingType ?? 'Hourly',
					checkIn: new Date(view.slot?.start ?? 0).toISOString(),
					checkOut: new Date(view.slot?.end ?? 0).toISOString(),
					guests: String(guests),
				})
				if (extras.length) query.set('extras', extras.map((e) => `${e.additionId}:${e.quantity}`).join(','))
				api<PriceView>(`/api/Public/Playrooms/GetPrice?${query.toString()}`)
					.then((price) => {
						if (id === sequence.current) setLive({ price, pending: false, error: null })
					})
					.catch((error: unknown) => {
						if (id !== sequence.current) return
						const fields = error instanceof ApiClientError ? Object.values(error.fields ?? {}).flat() : []
						const message = fields[0] ?? (error instanceof Error ? error.message : null)
						setLive({ price: null, pending: false, error: message })
					})
			}, 250)
		},
		[api, view.slot, view.bookingType, view.summary.playroomId],
	)
	useEffect(() => () => clearTimeout(timer.current), [])
	return { live, request }
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
					{view.step === 'date' ? <DateStep view={view} actionData={actionData} /> : null}
					{view.step === 'guests' ? (
						<GuestsStep view={view} actionData={actionData} onChange={request} />
					) : null}
					{view.step === 'contact' ? <ContactStep data={data} actionData={actionData} /> : null}
					{view.step === 'payment' ? <PaymentStep view={view} actionData={actionData} /> : null}
					{view.step === 'review' ? <ReviewStep data={data} actionData={actionData} /> : null}
				</section>
				<Summary view={view} livePrice={live} />
			</div>
		</div>
	)
}

function SlotTaken({ alternatives }: { alternatives: { start: number; end: number; search: string }[] }) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	const location = useLocation()
	return (
		<div role="alert" className="mb-4 rounded-lg border border-danger p-3" data-testid="slot-taken">
			<p className="font-semibold text-danger">{t('checkout.slotTaken.title')}</p>
			{alternatives.length ? (
				<>
					<p className="mb-2 text-sm">{t('checkout.slotTaken.body')}</p>
					<ul className="flex flex-col gap-2">
						{alternatives.map((a) => (
							<li key={a.start}>
								<a href={`${location.pathname}${a.search}`} className="link" data-testid="alternative">
									{t('checkout.slotTaken.choose', { when: formatStay(a.start, a.end, locale) })}
								</a>
							</li>
						))}
					</ul>
				</>
			) : (
				<p className="text-sm">{t('checkout.slotTaken.none')}</p>
			)}
		</div>
	)
}

function DateStep({ view, actionData }: { view: CheckoutView; actionData: CheckoutActionData | undefined }) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const location = useLocation()
	const hydrated = useHydrated()
	const types = view.summary.bookingTypes.map((b) => b.bookingType)
	const [form, fields] = useAppForm({
		id: 'checkout-date',
		schema: dateStepSchema,
		lastResult: resultFor(actionData, 'date'),
	})
	const selectedStart = view.slot ? view.starts.find((s) => s.start === view.slot?.start) : undefined
	const [start, setStart] = useState<number | null>(selectedStart?.start ?? null)
	const durationOptions = [
		...new Map(
			view.starts
				.filter((s) => !hydrated || start === null || s.start === start)
				.flatMap((s) => s.durations)
				.map((d) => [view.bookingType === 'Overnight' ? (d.nights ?? 1) : d.minutes, d] as const),
		).entries(),
	].sort((a, b) => a[0] - b[0])
	const today = localDateOf(view.now)
	const wantedDuration =
		view.slot && view.bookingType === 'Overnight'
			? view.starts.find((s) => s.start === view.slot?.start)?.durations.find((d) => d.end === view.slot?.end)
					?.nights
			: view.slot
				? Math.round((view.slot.end - view.slot.start) / 60_000)
				: undefined
	return (
		<>
			{view.slotProblem ? <SlotTaken alternatives={view.alternatives} /> : null}
			<Form method="get" className="mb-6 flex flex-wrap items-end gap-3" data-testid="date-picker">
				<HiddenState search={view.search} omit={['bookingType', 'date', 'step']} />
				<input type="hidden" name="step" value="date" />
				{types.length > 1 ? (
					<fieldset>
						<legend className="mb-1 text-sm font-medium">{t('checkout.date.bookingType')}</legend>
						<div className="flex flex-wrap gap-3">
							{types.map((type) => (
								<label key={type} className="flex items-center gap-1 text-sm">
									<input
										type="radio"
										name="bookingType"
										value={type}
										defaultChecked={type === view.bookingType}
									/>
									{tc(`bookingTypes.${type}`)}
								</label>
							))}
						</div>
					</fieldset>
				) : (
					<input type="hidden" name="bookingType" value={view.bookingType ?? ''} />
				)}
				<div>
					<label htmlFor="checkout-day" className="mb-1 block text-sm font-medium">
						{view.bookingType === 'Overnight' ? t('checkout.date.checkInDate') : t('checkout.date.date')}
					</label>
					<input
						id="checkout-day"
						type="date"
						name="date"
						required
						min={today}
						max={view.maxDate}
						defaultValue={view.date}
						className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					/>
				</div>
				<button type="submit" className="btn-secondary">
					{t('checkout.date.showTimes')}
				</button>
			</Form>
			{view.freeDays.length ? (
				<ul className="mb-6 flex flex-wrap gap-2" aria-label={t('checkout.date.freeDays')}>
					{view.freeDays.map((day) => {
						const params = new URLSearchParams(view.search)
						params.set('date', day)
						params.set('step', 'date')
						return (
							<li key={day}>
								<a
									href={`${location.pathname}?${params.toString()}`}
									className={`btn px-2 py-1 text-xs ${day === view.date ? 'bg-accent text-accent-ink' : 'border border-line'}`}
									aria-current={day === view.date ? 'date' : undefined}
								>
									{formatDate(Date.parse(`${day}T12:00:00Z`), locale)}
								</a>
							</li>
						)
					})}
				</ul>
			) : null}
			<Form method="post" {...getFormProps(form)} data-testid="slot-form">
				<FormAlert form={form} />
				<input type="hidden" name="intent" value="date" />
				<input type="hidden" name="bookingType" value={view.bookingType ?? ''} />
				<input type="hidden" name="date" value={view.date} />
				{view.starts.length === 0 ? (
					<p className="text-sm" data-testid="no-starts">
						{t('checkout.date.noStarts')}
					</p>
				) : (
					<>
						<fieldset
							className="mb-4"
							aria-describedby={fields.start.errors?.length ? fields.start.errorId : undefined}
						>
							<legend className="mb-2 text-sm font-medium">
								{t('checkout.date.startTime')} – {formatDate(Date.parse(`${view.date}T12:00:00Z`), locale)}
							</legend>
							<div className="flex flex-wrap gap-2">
								{view.starts.map((option) => {
									const label =
										view.bookingType === 'Daily' && option.durations[0]
											? t('checkout.date.dailyStay', {
													start: formatTime(option.start),
													end: formatTime(option.durations[0].end),
												})
											: formatTime(option.start)
									return (
										<label
											key={option.start}
											className="flex items-center gap-1 rounded-lg border border-line px-2 py-1 text-sm"
										>
											<input
												type="radio"
												name="start"
												value={new Date(option.start).toISOString()}
												defaultChecked={option.start === view.slot?.start}
												onChange={() => setStart(option.start)}
											/>
											{label}
										</label>
									)
								})}
							</div>
							<FieldErrors id={fields.start.errorId} errors={fields.start.errors} />
						</fieldset>
						{view.bookingType === 'Hourly' || view.bookingType === 'Overnight' ? (
							<div className="mb-4">
								<label htmlFor="checkout-duration" className="mb-1 block text-sm font-medium">
									{view.bookingType === 'Overnight' ? t('checkout.date.nights') : t('checkout.date.duration')}
								</label>
								<select
									id="checkout-duration"
									name="duration"
									defaultValue={wantedDuration !== undefined ? String(wantedDuration) : undefined}
									key={`${start ?? 'all'}-${durationOptions.length}`}
									className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
									aria-describedby={fields.duration.errors?.length ? fields.duration.errorId : undefined}
								>
									{durationOptions.map(([value]) => (
										<option key={value} value={value}>
											{view.bookingType === 'Overnight'
												? t('checkout.date.nightsOption', { count: value })
												: t('checkout.date.hoursOption', { hours: formatHours(value, locale) })}
										</option>
									))}
								</select>
								<FieldErrors id={fields.duration.errorId} errors={fields.duration.errors} />
							</div>
						) : null}
						<SubmitButton className="btn-primary">{t('checkout.next')}</SubmitButton>
					</>
				)}
			</Form>
		</>
	)
}

function GuestsStep({
	view,
	actionData,
	onChange,
}: {
	view: CheckoutView
	actionData: CheckoutActionData | undefined
	onChange: (guests: number, extras: { additionId: string; quantity: number }[]) => void
}) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const { t: tv } = useTranslation()
	const locale = useLocale()
	const result = resultFor(actionData, 'guests')
	const [form, fields] = useAppForm({
		id: 'checkout-guests',
		schema: guestsStepSchema,
		lastResult: result,
		defaultValue: { adults: String(view.state.adults ?? 2), children: String(view.state.children) },
	})
	const extraErrors = (id: string) => (result?.error?.[`extra_${id}`] as string[] | undefined) ?? undefined
	const groupErrors = result?.error?.guests as string[] | undefined
	const chosen = new Map(view.state.extras.map((e) => [e.additionId, e.quantity]))
	const recompute = (element: HTMLFormElement) => {
		const data = new FormData(element)
		const guests = Number(data.get('adults') || 0) + Number(data.get('children') || 0)
		const extras = view.summary.additions
			.map((a) => ({ additionId: a.id, quantity: Number(data.get(`extra_${a.id}`) || 0) }))
			.filter((e) => Number.isInteger(e.quantity) && e.quantity > 0)
		if (guests > 0) onChange(guests, extras)
	}
	return (
		<Form
			method="post"
			{...getFormProps(form)}
			onChange={(event) => recompute(event.currentTarget)}
			data-testid="guests-form"
		>
			<FormAlert form={form} />
			<input type="hidden" name="intent" value="guests" />
			<p className="mb-3 text-sm text-ink-muted">
				{t('checkout.guests.maxGuests', { count: view.summary.maxGuests })}
			</p>
			<fieldset
				className="mb-4"
				aria-describedby={groupErrors?.length ? 'checkout-guests-group-error' : undefined}
				data-testid="guests-group"
			>
				<legend className="sr-only">{t('checkout.steps.guests')}</legend>
				<div className="grid gap-x-4 sm:grid-cols-2">
					<NumberField
						field={fields.adults}
						label={t('checkout.guests.adults')}
						min={1}
						max={view.summary.maxGuests}
					/>
					<NumberField
						field={fields.children}
						label={t('checkout.guests.children')}
						min={0}
						max={view.summary.maxGuests}
					/>
				</div>
				<FieldErrors id="checkout-guests-group-error" errors={groupErrors} />
			</fieldset>
			<fieldset className="mb-4">
				<legend className="mb-2 font-semibold">{t('checkout.guests.extras')}</legend>
				{view.summary.additions.length === 0 ? (
					<p className="text-sm text-ink-muted">{t('checkout.guests.noExtras')}</p>
				) : (
					<ul className="flex flex-col gap-3">
						{view.summary.additions.map((addition) => {
							const id = `extra-${addition.id}`
							const errors = extraErrors(addition.id)
							const unit = tc(
								`units.${addition.unit === 'PerGuest' ? 'guest' : addition.unit === 'PerHour' ? 'hour' : 'booking'}`,
							)
							return (
								<li key={addition.id} className="flex flex-wrap items-center justify-between gap-2">
									<label htmlFor={id} className="text-sm">
										<span className="font-medium">{addition.name}</span>{' '}
										<span className="text-ink-muted">
											{t('checkout.guests.perUnit', { price: formatAmount(addition.price, locale), unit })} ·{' '}
											{t('checkout.guests.maxQuantity', { max: addition.maxQuantity })}
										</span>
									</label>
									<input
										id={id}
										type="number"
										name={`extra_${addition.id}`}
										min={0}
										max={addition.maxQuantity}
										step={1}
										inputMode="numeric"
										defaultValue={String(chosen.get(addition.id) ?? 0)}
										aria-invalid={errors?.length ? true : undefined}
										aria-describedby={errors?.length ? `${id}-error` : undefined}
										className="w-24 rounded-lg border border-line bg-surface px-3 py-2 text-ink"
									/>
									{errors?.length ? (
										<ul id={`${id}-error`} className="w-full text-sm text-danger">
											{errors.map((error) => (
												<li key={error}>{translateValidationMessage(tv, error)}</li>
											))}
										</ul>
									) : null}
								</li>
							)
						})}
					</ul>
				)}
			</fieldset>
			<noscript>
				<p className="mb-2 text-xs text-ink-muted">{t('checkout.guests.updatePrice')}</p>
			</noscript>
			<SubmitButton className="btn-primary">{t('checkout.next')}</SubmitButton>
		</Form>
	)
}

type PlainField = {
	id: string
	name: string
	key?: string
	initialValue?: unknown
	errors?: string[]
	errorId: string
}

function NumberField({
	field,
	label,
	min,
	max,
}: {
	field: PlainField
	label: string
	min: number
	max: number
}) {
	return (
		<div className="mb-4">
			<label htmlFor={field.id} className="mb-1 block text-sm font-medium">
				{label}
				<span className="ml-0.5 text-danger" aria-hidden="true">
					*
				</span>
			</label>
			<input
				id={field.id}
				name={field.name}
				type="number"
				inputMode="numeric"
				min={min}
				max={max}
				step={1}
				required
				defaultValue={String(field.initialValue ?? '')}
				key={field.key}
				aria-invalid={field.errors?.length ? true : undefined}
				aria-describedby={field.errors?.length ? field.errorId : undefined}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</div>
	)
}

function ContactStep({ data, actionData }: { data: LoaderData; actionData: CheckoutActionData | undefined }) {
	const { t } = useTranslation('booking')
	const { t: ta } = useTranslation('auth')
	const hydrated = useHydrated()
	const location = useLocation()
	if (!data.user) {
		return (
			<div data-testid="contact-login">
				{data.registered ? (
					<p
						role="status"
						className="mb-4 rounded-lg border border-success p-3 text-sm"
						data-testid="registered-notice"
					>
						{t('checkout.contact.registered')}
					</p>
				) : null}
				<p className="mb-3">{t('checkout.contact.loginIntro')}</p>
				<a
					href={data.loginUrl}
					className="btn-primary mb-6"
					data-testid="checkout-login"
					onClick={(event) => {
						if (!hydrated) return
						event.preventDefault()
						openLoginModal()
					}}
				>
					{t('checkout.contact.login')}
				</a>
				<RegisterInline actionData={actionData} />
				<p className="mt-4 text-xs text-ink-muted">{ta('register.guestIntro')}</p>
			</div>
		)
	}
	if (data.user.role !== 'Customer') {
		return (
			<div data-testid="contact-wrong-role">
				<p role="alert" className="mb-3 text-danger">
					{t('checkout.contact.guestAccountRequired')}
				</p>
				<LocaleLink
					to={`/auth/relogin?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
					className="link"
				>
					{t('checkout.contact.switchAccount')}
				</LocaleLink>
			</div>
		)
	}
	return <ContactForm data={data} actionData={actionData} />
}

function ContactForm({ data, actionData }: { data: LoaderData; actionData: CheckoutActionData | undefined }) {
	const { t } = useTranslation('booking')
	const [form, fields] = useAppForm({
		id: 'checkout-contact',
		schema: contactStepSchema,
		lastResult: resultFor(actionData, 'contact'),
		defaultValue: data.contact ?? undefined,
	})
	return (
		<Form method="post" {...getFormProps(form)} data-testid="contact-form">
			<FormAlert form={form} />
			<input type="hidden" name="intent" value="contact" />
			<p className="mb-4 text-sm">
				{t('checkout.contact.loggedInAs', { name: data.user?.name ?? '', email: data.user?.email ?? '' })}{' '}
				<LocaleLink to="/auth/logout" className="link">
					{t('checkout.contact.notYou')}
				</LocaleLink>
			</p>
			<div className="grid gap-x-4 sm:grid-cols-2">
				<TextField
					field={fields.firstName}
					label={t('checkout.contact.firstName')}
					required
					maxLength={60}
					autoComplete="given-name"
				/>
				<TextField
					field={fields.lastName}
					label={t('checkout.contact.lastName')}
					required
					maxLength={60}
					autoComplete="family-name"
				/>
			</div>
			<TextField
				field={fields.phoneNumber}
				label={t('checkout.contact.phoneNumber')}
				type="tel"
				required
				maxLength={30}
				autoComplete="tel"
				hint={t('checkout.contact.phoneHint')}
			/>
			<p className="mb-4 text-xs text-ink-muted">{t('checkout.contact.saved')}</p>
			<SubmitButton className="btn-primary">{t('checkout.next')}</SubmitButton>
		</Form>
	)
}

function RegisterInline({ actionData }: { actionData: CheckoutActionData | undefined }) {
	const { t } = useTranslation('booking')
	const { t: ta } = useTranslation('auth')
	const locale = useLocale()
	const [form, fields] = useAppForm({
		id: 'checkout-register',
		schema: registerGuestSchema,
		lastResult: resultFor(actionData, 'register'),
		defaultValue: { langPreference: locale },
	})
	return (
		<details className="rounded-lg border border-line p-4" open={Boolean(resultFor(actionData, 'register'))}>
			<summary className="cursor-pointer font-semibold">{t('checkout.contact.registerTitle')}</summary>
			<p className="my-3 text-sm text-ink-muted">{t('checkout.contact.registerIntro')}</p>
			<Form method="post" {...getFormProps(form)} data-testid="checkout-register-form">
				<FormAlert form={form} />
				<input type="hidden" name="intent" value="register" />
				<EmailField field={fields.email} label={ta('fields.email')} />
				<NewPasswordFields password={fields.password} label={ta('fields.password')} />
				<PersonFields fields={fields} />
				<CheckboxField field={fields.acceptTerms} label={ta('fields.acceptTerms')} required />
				<SubmitButton className="btn-secondary">{t('checkout.contact.registerSubmit')}</SubmitButton>
			</Form>
		</details>
	)
}

function PaymentStep({
	view,
	actionData,
}: {
	view: CheckoutView
	actionData: CheckoutActionData | undefined
}) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const [form, fields] = useAppForm({
		id: 'checkout-payment',
		schema: paymentStepSchema,
		lastResult: resultFor(actionData, 'payment'),
		defaultValue: {
			paymentMethod: view.state.paymentMethod ?? view.paymentMethods[0] ?? '',
			voucherCode: view.state.voucherCode ?? '',
		},
	})
	const selected = view.state.paymentMethod ?? view.paymentMethods[0]
	return (
		<Form method="post" {...getFormProps(form)} data-testid="payment-form">
			<FormAlert form={form} />
			<input type="hidden" name="intent" value="payment" />
			{view.paymentMethods.length === 0 ? (
				<p role="alert" className="mb-4 text-danger">
					{t('checkout.payment.noMethods')}
				</p>
			) : (
				<fieldset
					className="mb-4"
					aria-describedby={fields.paymentMethod.errors?.length ? fields.paymentMethod.errorId : undefined}
				>
					<legend className="mb-2 font-semibold">{t('checkout.payment.method')}</legend>
					<div className="flex flex-col gap-2">
						{view.paymentMethods.map((method: PaymentMethod) => (
							<label key={method} className="flex items-start gap-2 rounded-lg border border-line p-3">
								<input
									type="radio"
									name={fields.paymentMethod.name}
									value={method}
									defaultChecked={method === selected}
									className="mt-1"
								/>
								<span>
									<span className="block font-medium">{tc(`paymentMethods.${method}`)}</span>
									<span className="block text-sm text-ink-muted">
										{t(`checkout.payment.methodHints.${method}`)}
									</span>
								</span>
							</label>
						))}
					</div>
					<FieldErrors id={fields.paymentMethod.errorId} errors={fields.paymentMethod.errors} />
				</fieldset>
			)}
			<TextField
				field={fields.voucherCode}
				label={t('checkout.payment.voucherCode')}
				maxLength={VOUCHER_CODE_MAX}
				hint={t('checkout.payment.voucherHint')}
				autoComplete="off"
			/>
			<SubmitButton className="btn-primary">{t('checkout.next')}</SubmitButton>
		</Form>
	)
}

function ReviewStep({ data, actionData }: { data: LoaderData; actionData: CheckoutActionData | undefined }) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const navigation = useNavigation()
	const { view } = data
	const result = resultFor(actionData, 'confirm')
	const [form, fields] = useAppForm({ id: 'checkout-confirm', schema: confirmStepSchema, lastResult: result })
	const mobile = view.summary.placeType === 'Mobile'
	const extras = view.price?.lines.filter((line) => line.kind === 'extra') ?? []
	const slotTaken = actionData?.intent === 'confirm' && actionData.errorName === 'SlotNotAvailable'
	const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'confirm'
	return (
		<div data-testid="review">
			{slotTaken ? <SlotTaken alternatives={actionData?.alternatives ?? []} /> : null}
			<dl className="mb-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
				<dt className="font-medium text-ink-muted">{t('checkout.review.playroom')}</dt>
				<dd>
					{view.summary.name}, {view.summary.city}
				</dd>
				<dt className="font-medium text-ink-muted">{t('checkout.review.when')}</dt>
				<dd data-testid="review-when">
					{view.bookingType ? `${tc(`bookingTypes.${view.bookingType}`)}: ` : ''}
					{view.slot ? formatStay(view.slot.start, view.slot.end, locale) : ''}
				</dd>
				<dt className="font-medium text-ink-muted">{t('checkout.review.guests')}</dt>
				<dd>
					{t('checkout.review.guestsValue', {
						adults: view.state.adults ?? 0,
						children: view.state.children,
					})}
				</dd>
				{extras.length ? (
					<>
						<dt className="font-medium text-ink-muted">{t('checkout.review.extras')}</dt>
						<dd>
							{extras.map((e) => `${e.quantity} × ${locale === 'en' ? e.labelEn : e.labelDe}`).join(', ')}
						</dd>
					</>
				) : null}
				<dt className="font-medium text-ink-muted">{t('checkout.review.contact')}</dt>
				<dd>
					{data.contact
						? `${data.contact.firstName} ${data.contact.lastName}, ${data.contact.phoneNumber}`
						: ''}
					{data.user ? ` · ${data.user.email}` : ''}
				</dd>
				<dt className="font-medium text-ink-muted">{t('checkout.review.paymentMethod')}</dt>
				<dd>{view.state.paymentMethod ? tc(`paymentMethods.${view.state.paymentMethod}`) : ''}</dd>
			</dl>
			{view.price ? <PriceBreakdown price={view.price} testId="review-price" /> : null}
			{view.price && view.price.deposit > 0 ? (
				<p className="mt-2 text-xs text-ink-muted">
					{t('checkout.review.depositNote', { amount: formatAmount(view.price.deposit, locale) })}
				</p>
			) : null}
			<h3 className="mt-4 mb-1 font-semibold">{t('checkout.review.cancellationPolicy')}</h3>
			<p className="text-sm">{tc(`cancellationPolicies.${view.summary.cancellationPolicy}`)}</p>
			<RefundSchedule tiers={view.refundSchedule} />
			<p className="my-4 rounded-lg bg-surface p-3 text-sm" data-testid="booking-mode">
				{view.summary.instantBooking ? t('checkout.review.instantNote') : t('checkout.review.requestNote')}
			</p>
			<Form method="post" {...getFormProps(form)} data-testid="confirm-form">
				<FormAlert form={form} />
				<input type="hidden" name="intent" value="confirm" />
				<input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
				{mobile ? (
					<fieldset className="mb-4 rounded-lg border border-line p-4">
						<legend className="px-1 font-semibold">{t('checkout.review.eventAddress')}</legend>
						{view.summary.serviceRadiusKm ? (
							<p className="mb-3 text-sm text-ink-muted" data-testid="service-radius">
								{t('checkout.review.serviceRadius', {
									radius: view.summary.serviceRadiusKm,
									city: view.summary.city,
								})}
							</p>
						) : null}
						<TextField
							field={fields.street}
							label={t('checkout.review.street')}
							required
							maxLength={100}
							autoComplete="street-address"
						/>
						<div className="grid gap-x-4 sm:grid-cols-[10rem_1fr]">
							<TextField
								field={fields.postalCode}
								label={t('checkout.review.postalCode')}
								required
								maxLength={10}
								autoComplete="postal-code"
							/>
							<TextField
								field={fields.city}
								label={t('checkout.review.city')}
								required
								maxLength={60}
								autoComplete="address-level2"
							/>
						</div>
					</fieldset>
				) : null}
				<TextAreaField
					field={fields.message}
					label={t('checkout.review.message')}
					hint={t('checkout.review.messageHint')}
				/>
				<CheckboxField field={fields.acceptTerms} label={t('checkout.review.acceptTerms')} required />
				<SubmitButton className="btn-primary w-full" pending={submitting}>
					{view.summary.instantBooking ? t('checkout.review.submitBook') : t('checkout.review.submitRequest')}
				</SubmitButton>
			</Form>
		</div>
	)
}

function TextAreaField({
	field,
	label,
	hint,
}: {
	field: Parameters<typeof TextField>[0]['field']
	label: string
	hint: string
}) {
	const [length, setLength] = useState(() => String(field.initialValue ?? '').length)
	const { t } = useTranslation()
	return (
		<div className="mb-4">
			<label htmlFor={field.id} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			<textarea
				id={field.id}
				name={field.name}
				rows={4}
				maxLength={MESSAGE_MAX}
				defaultValue={String(field.initialValue ?? '')}
				key={field.key}
				onInput={(event) => setLength(event.currentTarget.value.length)}
				aria-describedby={`${field.id}-hint ${field.id}-counter${field.errors?.length ? ` ${field.errorId}` : ''}`}
				aria-invalid={field.errors?.length ? true : undefined}
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<div className="flex justify-between gap-2">
				<p id={`${field.id}-hint`} className="mt-1 text-xs text-ink-muted">
					{hint}
				</p>
				<p id={`${field.id}-counter`} className="mt-1 shrink-0 text-xs text-ink-muted">
					{t('validation.counter', { length, max: MESSAGE_MAX })}
				</p>
			</div>
			<FieldErrors id={field.errorId} errors={field.errors} />
		</div>
	)
}
