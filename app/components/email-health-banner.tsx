import { useTranslation } from 'react-i18next'
import { LocaleLink } from './locale-link.tsx'
import type { EmailHealth } from '#app/models/admin/admin-emails.server.ts'

/**
 * The admin banner of e-mail health (issue 34, ADR 0175): shown on every admin page while
 * delivery is not configured (no SMTP_URL) or failing (a failure in the last 24 h, or a message
 * queued for 15 minutes), with the number of messages waiting and a link to the e-mail log.
 */
export function EmailHealthBanner({ health }: { health: EmailHealth }) {
	const { t } = useTranslation('adminEmails')
	if (!health.problem) return null
	const status = health.problem === 'notConfigured' ? 'stored' : 'failed'
	return (
		<div role="alert" className="mb-4 rounded-lg border border-warning p-4" data-testid="email-health-banner">
			<p className="font-semibold">
				{t(`banner.${health.problem}`, { count: health.waiting, failed: health.failedRecently })}
			</p>
			<p className="mt-1">
				<LocaleLink to={`/admin/backgroundTaskExecutions/emails?status=${status}`} className="underline">
					{t('banner.openLog')}
				</LocaleLink>
			</p>
		</div>
	)
}
