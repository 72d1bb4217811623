import { useTranslation } from 'react-i18next'
import type { Route } from './+types/confirm-email.ts'
import { AuthPage, Notice } from '#app/components/auth-page.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { confirmEmail } from '#app/models/accounts/account.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { assertValidRouteParams } from '#app/utils/route-params.server.ts'

/**
 * /auth/confirmEmail/:userId/:token — following the link confirms the address
 * (the token is spent; confirming is harmless if a mail scanner opens the link).
 */
export async function loader({ params }: Route.LoaderArgs) {
	assertValidRouteParams(params)
	try {
		confirmEmail({ userId: params.userId, token: params.token })
		return { ok: true as const }
	} catch (error) {
		if (!isAppError(error)) throw error
		return { ok: false as const, messageKey: error.messageKey }
	}
}

/** The link is spent on the first load; never run the loader again for this page. */
export function shouldRevalidate() {
	return false
}

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const { t: tc } = useTranslation()
	return (
		<AuthPage title={t('confirmEmail.title')}>
			{loaderData.ok ? (
				<>
					<Notice tone="success" testId="confirm-result">
						{t('confirmEmail.success')}
					</Notice>
					<LocaleLink to="/login" className="btn-primary">
						{t('login.submit')}
					</LocaleLink>
				</>
			) : (
				<>
					<Notice tone="danger" testId="confirm-result">
						{t('confirmEmail.failed')} {tc(loaderData.messageKey as 'toast.unknownError')}
					</Notice>
					<LocaleLink to="/login?panel=resend" className="link">
						{t('confirmEmail.requestNew')}
					</LocaleLink>
				</>
			)}
		</AuthPage>
	)
}
