import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/emails.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	emailTable,
	emailTemplateChoices,
	listEmails,
	type EmailItem,
} from '#app/models/admin/admin-emails.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/backgroundTaskExecutions/emails (issue 34, ADR 0175): the e-mail log — every message of
 * the outbox in the data table (filters status, template, created), each opening its detail with
 * the text part, the error and "resend". The admin banner links here.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	const { page } = await loadAdminTablePage(args, emailTable, listEmails, emailTemplateChoices(admin))
	return data(page.data, { status: page.status })
}

export default function EmailLogPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: te } = useTranslation('adminEmails')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/backgroundTaskExecutions/emails')
	const cell = (key: string, email: EmailItem): React.ReactNode => {
		switch (key) {
			case 'status':
				return <span data-status={email.status}>{te(`statuses.${email.status}`)}</span>
			case 'to':
				return (
					<LocaleLink to={`/admin/backgroundTaskExecutions/emails/${email.id}`} className="underline">
						{email.to}
					</LocaleLink>
				)
			case 'template':
				return <span className="font-mono text-sm">{email.template}</span>
			case 'subject':
				return email.subject
			case 'createdAt':
				return formatDateTime(email.createdAt, locale)
			case 'sentAt':
				return email.sentAt === null ? '–' : formatDateTime(email.sentAt, locale)
			case 'error':
				return email.error ? <span className="text-danger">{email.error}</span> : null
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			testId="admin-email-log"
			page={loaderData}
			rowKey={(email) => email.id}
			cell={cell}
			rowTestId="email-row"
		>
			<p className="mb-4">
				<LocaleLink to="/admin/backgroundTaskExecutions?taskName=email-delivery" className="underline">
					{te('log.taskRuns')}
				</LocaleLink>
			</p>
		</DataTablePage>
	)
}
