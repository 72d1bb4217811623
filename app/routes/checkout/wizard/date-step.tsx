import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import { localDateOf } from '#app/domain/berlin-time.ts'
import type { CheckoutView } from '#app/models/booking/checkout.server.ts'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { formatHours } from '#app/utils/format.ts'
import { formatDate, formatTime } from '#app/utils/format-instant.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { FieldErrors, fieldLabels, FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { useLazyAppForm } from '#app/components/lazy-app-form.ts'
import { HiddenState, resultFor, SlotTaken, useCatchUpOnHydration } from './shared.tsx'

/** Step 1: booking type and day (a GET form), then start time and duration. */
export function DateStep({
	view,
	actionData,
}: {
	view: CheckoutView
	actionData: CheckoutActionData | undefined
}) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const location = useLocation()
	const hydrated = useHydrated()
	const types = view.summary.bookingTypes.map((b) => b.bookingType)
	const [form, fields] = useLazyAppForm({
		id: 'checkout-date',
		loadSchema: () => import('#app/schemas/checkout.ts').then((m) => m.dateStepSchema),
		lastResult: resultFor(actionData, 'date'),
	})
	const selectedStart = view.slot ? view.starts.find((s) => s.start === view.slot?.start) : undefined
	const [start, setStart] = useState<number | null>(selectedStart?.start ?? null)
	// A start picked before the step hydrated narrows the durations once it has, and the duration
	// picked meanwhile is kept if that start offers it.
	const [pickedDuration, setPickedDuration] = useState<string | undefined>(undefined)
	useCatchUpOnHydration(form.id, (element) => {
		const data = new FormData(element)
		const typedStart = data.get('start')
		const typedDuration = data.get('duration')
		if (typeof typedStart === 'string') setStart(Date.parse(typedStart))
		if (typeof typedDuration === 'string') setPickedDuration(typedDuration)
	})
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
				<FormAlert form={form} labels={fieldLabels(t, 'booking:checkout.date')} />
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
									defaultValue={
										pickedDuration !== undefined &&
										durationOptions.some(([value]) => String(value) === pickedDuration)
											? pickedDuration
											: wantedDuration !== undefined
												? String(wantedDuration)
												: undefined
									}
									onChange={(event) => setPickedDuration(event.currentTarget.value)}
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
