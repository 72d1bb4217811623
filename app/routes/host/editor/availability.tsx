import { useTranslation } from 'react-i18next'
import type { Route } from './+types/availability.ts'
import { EditorForm, SaveBar } from '#app/components/editor-tabs.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import {
	CheckboxField,
	fieldLabels,
	FormAlert,
	getFormProps,
	SelectField,
	TextField,
} from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { availableStarts, offeredBookingTypes } from '#app/domain/availability.ts'
import { addDays, formatMinute, instantToLocal, localDateOf } from '#app/domain/berlin-time.ts'
import { loadAvailabilityInput } from '#app/models/catalogue/availability.server.ts'
import { readAvailability, saveAvailability } from '#app/models/host-office/host-editor-settings.server.ts'
import { availabilitySchema, WEEKDAY_FIELDS } from '#app/schemas/host-editor.ts'
import { formatLocalDate } from '#app/utils/format.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { requireEditablePlayroom, saveTab } from './editor.server.ts'

/**
 * Tab availability: booking types and their limits, weekly opening hours
 * (several ranges a day), slot grid, buffer, lead time, horizon — and the
 * start times of the next 14 days from the real availability engine.
 */
const PREVIEW_DAYS = 14

function preview(playroomId: string, now: number) {
	const input = loadAvailabilityInput(playroomId, now, now + (PREVIEW_DAYS + 1) * 86_400_000)
	if (!input) return []
	const today = localDateOf(now)
	return Array.from({ length: PREVIEW_DAYS }, (_, index) => {
		const date = addDays(today, index)
		return {
			date,
			types: offeredBookingTypes(input.rules).map((type) => ({
				type,
				starts: availableStarts(input.rules, input.busy, date, type, now).map((s) =>
					formatMinute(instantToLocal(s.start).minute),
				),
			})),
		}
	})
}

export async function loader(args: Route.LoaderArgs) {
	const { playroom } = await requireEditablePlayroom(args)
	const values = readAvailability(playroom)
	const tick = (value: boolean) => (value ? 'on' : '')
	return {
		values: {
			...values,
			hourly: tick(values.hourly),
			daily: tick(values.daily),
			overnight: tick(values.overnight),
		},
		preview: preview(playroom.id, Date.now()),
	}
}

export async function action(args: Route.ActionArgs) {
	return saveTab(args, { tab: 'availability', schema: availabilitySchema, save: saveAvailability })
}

export default function AvailabilityTab({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('hostEditor')
	const locale = useLocale()
	const [form, fields] = useAppForm({
		id: 'availability',
		schema: availabilitySchema,
		lastResult: useFormResult('availability'),
		defaultValue: loaderData.values,
	})
	const hours = fields.hours.getFieldset()
	return (
		<>
			<EditorForm {...getFormProps(form)} className="card mb-6">
				<FormAlert form={form} labels={fieldLabels(t, 'hostEditor:availability')} />
				<fieldset className="mb-4">
					<legend className="mb-2 text-lg font-semibold">{t('availability.bookingTypes')}</legend>
					<CheckboxField field={fields.hourly} label={t('availability.hourly')} />
					<div className="grid gap-x-4 pl-6 sm:grid-cols-2">
						<TextField field={fields.minHours} label={t('availability.minHours')} />
						<TextField field={fields.maxHours} label={t('availability.maxHours')} />
					</div>
					<CheckboxField field={fields.daily} label={t('availability.daily')} />
					<CheckboxField field={fields.overnight} label={t('availability.overnight')} />
					<div className="grid gap-x-4 pl-6 sm:grid-cols-2">
						<TextField field={fields.checkIn} label={t('availability.checkIn')} />
						<TextField field={fields.checkOut} label={t('availability.checkOut')} />
						<TextField field={fields.minNights} label={t('availability.minNights')} />
						<TextField field={fields.maxNights} label={t('availability.maxNights')} />
					</div>
				</fieldset>
				<fieldset className="mb-4">
					<legend className="mb-1 text-lg font-semibold">{t('availability.openingHours')}</legend>
					<p className="mb-2 text-xs text-ink-muted">{t('availability.openingHoursHint')}</p>
					{WEEKDAY_FIELDS.map((day) => (
						<TextField key={day} field={hours[day]} label={t(`availability.weekday.${day}`)} />
					))}
				</fieldset>
				<SelectField
					field={fields.slotMinutes}
					label={t('availability.slotMinutes')}
					options={[
						{ value: '30', label: t('availability.slot30') },
						{ value: '60', label: t('availability.slot60') },
					]}
				/>
				<div className="grid gap-x-4 sm:grid-cols-3">
					<TextField field={fields.bufferMinutes} label={t('availability.bufferMinutes')} />
					<TextField field={fields.leadTimeHours} label={t('availability.leadTimeHours')} />
					<TextField field={fields.horizonDays} label={t('availability.horizonDays')} />
				</div>
				<SaveBar />
			</EditorForm>
			<section className="card" aria-labelledby="availability-preview">
				<h2 id="availability-preview" className="mb-2 text-lg font-semibold">
					{t('availability.preview')}
				</h2>
				<table className="w-full text-sm" data-testid="availability-preview">
					<tbody>
						{loaderData.preview.map((day) => (
							<tr key={day.date} className="border-t border-line align-top">
								<th scope="row" className="py-1 pr-3 text-left font-medium whitespace-nowrap">
									{formatLocalDate(day.date, locale, 'short')}
								</th>
								<td className="py-1">
									{day.types.map((entry) => (
										<p key={entry.type}>
											{t(`bookingType.${entry.type}`)}:{' '}
											{entry.starts.length ? entry.starts.join(', ') : t('availability.previewNone')}
										</p>
									))}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</section>
		</>
	)
}
