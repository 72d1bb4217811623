import { useTranslation } from 'react-i18next'
import type { Route } from './+types/basic-information.ts'
import { EditorForm, SaveBar } from '#app/components/editor-tabs.tsx'
import { LocationPin } from '#app/components/location-pin.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { fieldLabels, FormAlert, getFormProps, SelectField, TextField } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { stateBySlug } from '#app/domain/places.ts'
import { readBasicInformation, saveBasicInformation } from '#app/models/host-office/host-editor.server.ts'
import { basicInformationSchema, EDITOR_LIMITS } from '#app/schemas/host-editor.ts'
import { PLACE_TYPES } from '#db/schema/catalogue-enums.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { requireEditablePlayroom, saveTab } from './editor.server.ts'

/** Tab basic-information: name, paths, place, address (state and pin derived from postal code and town, ADR 0153), coordinates (with a map: a draggable pin, LocationPin), size, guests, website. */
export async function loader(args: Route.LoaderArgs) {
	const { playroom } = await requireEditablePlayroom(args)
	const values = readBasicInformation(playroom)
	// A decimal size in the page's number format ("85,5" in German), as the host types it.
	const size = values.sizeSqm === null ? null : String(values.sizeSqm)
	return {
		values: {
			...values,
			sizeSqm: size && getLocale(args.context) === 'de' ? size.replace('.', ',') : size,
		},
	}
}

export async function action(args: Route.ActionArgs) {
	return saveTab(args, {
		tab: 'basic-information',
		schema: basicInformationSchema,
		save: saveBasicInformation,
	})
}

export default function BasicInformationTab({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('hostEditor')
	const locale = useLocale()
	const state = stateBySlug(loaderData.values.stateSlug)
	const [form, fields] = useAppForm({
		id: 'basic-information',
		schema: basicInformationSchema,
		lastResult: useFormResult('basic-information'),
		defaultValue: loaderData.values,
	})
	return (
		<EditorForm {...getFormProps(form)} className="card">
			<FormAlert form={form} labels={fieldLabels(t, 'hostEditor:basic')} />
			<TextField field={fields.name} label={t('basic.name')} required maxLength={EDITOR_LIMITS.name} />
			<TextField
				field={fields.playroomUrlPath}
				label={t('basic.playroomUrlPath')}
				hint={t('basic.playroomUrlPathHint')}
				required
				maxLength={EDITOR_LIMITS.urlPath}
			/>
			<TextField field={fields.customUrl} label={t('basic.customUrl')} maxLength={EDITOR_LIMITS.urlPath} />
			<SelectField
				field={fields.placeType}
				label={t('basic.placeType')}
				options={PLACE_TYPES.map((value) => ({ value, label: t(`basic.${value}`) }))}
			/>
			<TextField field={fields.serviceRadiusKm} label={t('basic.serviceRadiusKm')} />
			<TextField field={fields.street} label={t('basic.street')} autoComplete="street-address" />
			<div className="grid gap-x-4 sm:grid-cols-2">
				<TextField field={fields.postalCode} label={t('basic.postalCode')} autoComplete="postal-code" />
				<TextField field={fields.city} label={t('basic.city')} required autoComplete="address-level2" />
			</div>
			<p className="mb-4 text-sm" data-testid="derived-state">
				<span className="font-medium">{t('basic.stateDerived')}:</span>{' '}
				{state ? (locale === 'de' ? state.nameDe : state.nameEn) : t('basic.stateUnknown')}
			</p>
			<fieldset className="mb-4">
				<legend className="mb-1 text-sm font-medium">{t('basic.coordinates')}</legend>
				<p className="mb-2 text-xs text-ink-muted">{t('basic.coordinatesHint')}</p>
				<div className="grid gap-x-4 sm:grid-cols-2">
					<TextField field={fields.lat} label={t('basic.lat')} />
					<TextField field={fields.lng} label={t('basic.lng')} />
				</div>
				{/* With a map and consent, a draggable pin that writes the two fields (issue 31.9); a new stored pin draws it anew. */}
				<LocationPin
					key={`${loaderData.values.lat},${loaderData.values.lng}`}
					latInputId={fields.lat.id}
					lngInputId={fields.lng.id}
					lat={loaderData.values.lat}
					lng={loaderData.values.lng}
				/>
				<p className="text-xs text-ink-muted">{t('basic.placeCredits')}</p>
			</fieldset>
			<div className="grid gap-x-4 sm:grid-cols-2">
				<TextField field={fields.sizeSqm} label={t('basic.sizeSqm')} hint={t('basic.sizeSqmHint')} />
				<TextField field={fields.maxGuests} label={t('basic.maxGuests')} required />
			</div>
			<TextField
				field={fields.websiteUrl}
				label={t('basic.websiteUrl')}
				hint={t('basic.websiteUrlHint')}
				maxLength={300}
			/>
			<SaveBar />
		</EditorForm>
	)
}
