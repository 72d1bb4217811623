import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/email-detail.ts'
import { Facts } from '#app/components/booking-ui.tsx'
import { DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { getEmail, resendEmail } from '#app/models/admin/admin-emails.server.ts'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import { transferKeyField } from '#app/schemas/admin-payments.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/backgroundTaskExecutions/emails/:emailId (issue 34, ADR 0175): one message of the
 * e-mail log — facts, the text part, the delivery error — and "resend": a copy queued (and sent
 * with SMTP) once per rendered form, so a double click queues one copy.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return { email: getEmail(admin, args.params.emailId), resendKey: newTransferKey() }
}

const resendForm = z.object({ resendKey: transferKeyField })

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const t = looseT(getT(args.context))
	const here = localizePath(
		`/admin/backgroundTaskExecutions/emails/${args.params.emailId}`,
		getLocale(args.context),
	)
	const parsed = resendForm.safeParse(Object.fromEntries(await args.request.formData()))
	if (!parsed.success) {
		return redirectWithToast(here, { type: 'danger', description: t('adminEmails:detail.resendInvalid') })
	}
	const { copyId } = await resendEmail(admin, args.params.emailId, parsed.data.resendKey)
	return redirectWithToast(
		localizePath(`/admin/backgroundTaskExecutions/emails/${copyId}`, getLocale(args.context)),
		{
			type: 'success',
			description: t('adminEmails:detail.resent'),
		},
	)
}

export default function EmailDetailPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('adminEmails')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const { email } = loaderData
	const title = t('detail.title', { subject: email.subject })
	const facts: [string, React.ReactNode][] = [
		[t('columns.to'), email.to],
		[t('columns.template'), <span className="font-mono">{email.template}</span>],
		[t('detail.locale'), email.locale],
		[t('columns.createdAt'), formatDateTime(email.createdAt, locale)],
		[t('columns.sentAt'), email.sentAt === null ? '–' : formatDateTime(email.sentAt, locale)],
		[t('detail.attachments'), email.attachments.length ? email.attachments.join(', ') : '–'],
		[
			t('detail.order'),
			email.orderId ? (
				<LocaleLink to={`/admin/orders/${email.orderId}`} className="underline">
					{t('detail.openOrder')}
				</LocaleLink>
			) : (
				'–'
			),
		],
	]
	return (
		<DetailFrame
			testId="admin-email"
			title={title}
			badge={
				<span className="badge" data-status={email.status}>
					{t(`statuses.${email.status}`)}
				</span>
			}
			actions={
				<>
					<Form method="post">
						<input type="hidden" name="resendKey" value={loaderData.resendKey} />
						<button type="submit" className="btn-primary" data-testid="email-resend">
							{t('detail.resend')}
						</button>
					</Form>
					<LocaleLink to="/admin/backgroundTaskExecutions/emails" className="btn-secondary">
						{t('detail.back')}
					</LocaleLink>
				</>
			}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			<DetailSection id="email-facts" title={t('detail.facts')}>
				<Facts rows={facts} />
			</DetailSection>
			<DetailSection id="email-error" title={t('columns.error')} tone={email.error ? 'danger' : undefined}>
				{email.error ? (
					<pre className="text-sm break-all whitespace-pre-wrap text-danger" data-testid="email-error-text">
						{email.error}
					</pre>
				) : (
					<p>{t('detail.noError')}</p>
				)}
			</DetailSection>
			<DetailSection id="email-text" title={t('detail.text')} wide>
				<pre
					className="rounded-lg bg-surface-muted p-3 text-sm break-words whitespace-pre-wrap"
					data-testid="email-body"
				>
					{email.text}
				</pre>
			</DetailSection>
		</DetailFrame>
	)
}
