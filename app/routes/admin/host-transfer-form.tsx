import { useTranslation } from 'react-i18next'
import { Form, useActionData } from 'react-router'
import { hostTransferFormSchema } from '#app/schemas/admin-entities.ts'
import type { HostTransferReview } from '#app/routes/admin/host-transfer.server.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { DetailSection } from '#app/components/detail-frame.tsx'
import {
	CheckboxField,
	fieldLabels,
	FormAlert,
	getFormProps,
	SubmitButton,
	TextField,
} from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'

/**
 * "Move playrooms to another host" on the admin host page (ADR 0099): the
 * new host's e-mail, the playrooms (all ticked) and "future bookings too",
 * then a confirmation step from the server's review — works without JavaScript.
 */
export function HostTransferSection({
	hostId,
	playrooms,
	review: givenReview,
}: {
	hostId: string
	playrooms: { id: string; name: string }[]
	/** The server's review (the page's action data unless given). */
	review?: HostTransferReview['review']
}) {
	const { t } = useTranslation('adminAudit')
	const actionData = useActionData<HostTransferReview | undefined>()
	const review = givenReview ?? (actionData && 'review' in actionData ? actionData.review : null)
	return (
		<DetailSection id="host-transfer" title={t(review ? 'transfer.confirmTitle' : 'transfer.title')} wide>
			{playrooms.length === 0 ? (
				<p className="text-ink-muted">{t('transfer.noPlayrooms')}</p>
			) : review ? (
				<Form method="POST">
					<input type="hidden" name="intent" value="hostTransfer" />
					<input type="hidden" name="targetEmail" value={review.target.email} />
					<input type="hidden" name="confirmed" value="on" />
					{review.withOrders ? <input type="hidden" name="withOrders" value="on" /> : null}
					<p className="mb-2">
						{t('transfer.confirmText', {
							count: review.playrooms.length,
							name: review.target.displayName,
							email: review.target.email,
						})}
					</p>
					<ul className="mb-2 list-disc pl-6">
						{review.playrooms.map((room) => (
							<li key={room.id}>
								<input type="hidden" name="playroomIds" value={room.id} />
								{room.name}
							</li>
						))}
					</ul>
					<p className="mb-4">
						{t(review.withOrders ? 'transfer.confirmOrders' : 'transfer.confirmNoOrders')}
					</p>
					<div className="flex flex-wrap gap-2">
						<SubmitButton className="btn-primary">{t('transfer.confirm')}</SubmitButton>
						<LocaleLink to={`/admin/hosts/${hostId}`} className="btn-secondary">
							{t('transfer.cancel')}
						</LocaleLink>
					</div>
				</Form>
			) : (
				<HostTransferStart playrooms={playrooms} />
			)}
		</DetailSection>
	)
}

function HostTransferStart({ playrooms }: { playrooms: { id: string; name: string }[] }) {
	const { t } = useTranslation('adminAudit')
	const [form, fields] = useAppForm({
		id: 'host-transfer',
		schema: hostTransferFormSchema,
		lastResult: useFormResult('hostTransfer'),
		defaultValue: { playroomIds: playrooms.map((room) => room.id), withOrders: true },
	})
	return (
		<Form method="POST" {...getFormProps(form)}>
			<p className="mb-4 text-sm text-ink-muted">{t('transfer.intro')}</p>
			<FormAlert form={form} labels={fieldLabels(t, 'adminAudit:transfer')} />
			<input type="hidden" name="intent" value="hostTransfer" />
			<TextField field={fields.targetEmail} label={t('transfer.target')} type="email" required />
			<fieldset className="mb-4">
				<legend className="mb-1 font-medium">{t('transfer.playrooms')}</legend>
				{playrooms.map((room) => (
					<label key={room.id} className="flex items-center gap-2 text-sm">
						<input
							type="checkbox"
							name="playroomIds"
							value={room.id}
							defaultChecked
							className="h-4 w-4 accent-accent"
						/>
						{room.name}
					</label>
				))}
			</fieldset>
			<CheckboxField field={fields.withOrders} label={t('transfer.withOrders')} />
			<SubmitButton className="btn-secondary">{t('transfer.review')}</SubmitButton>
		</Form>
	)
}
