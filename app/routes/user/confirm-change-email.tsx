import { useTranslation } from 'react-i18next'
import type { Route } from './+types/confirm-change-email.ts'
import { AuthPage, Notice } from '#app/components/auth-page.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { confirmEmailChange } from '#app/models/accounts/credentials.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { assertValidRouteParams } from '#app/utils/route-params.server.ts'

/** /user/ConfirmChangeEmail/:newEmail/:userId/:emailToken — step 2 of an e-mail change. */
export async function loader({ params }: Route.LoaderArgs) {
	assertValidRouteParams(params)
	try {
		confirmEmailChange({ newEmail: params.newEmail, userId: params.userId, emailToken: params.emailToken })
		return { ok: true as const, email: params.newEmail.toLowerCase() }
	} catch (error) {
		if (!isAppError(error)) throw error
		return { ok: false as const, messageKey: error.messageKey }
	}
}

export function shouldRevalidate() {
	return false
}

export default function ConfirmChangeEmailPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const { t: tc } = useTranslation()
	return (
		<AuthPage title={t('confirmChangeEmail.title')}>
			{loaderData.ok ? (
				<Notice tone="success" testId="confirm-result">
					{t('confirmChangeEmail.success', { email: loaderData.email })}
				</Notice>
			) : (
				<Notice tone="danger" testId="confirm-result">
					{t('confirmChangeEmail.failed')} {tc(loaderData.messageKey as 'toast.unknownError')}
				</Notice>
			)}
			<LocaleLink to="/" className="link">
				{tc('errors.backHome')}
			</LocaleLink>
		</AuthPage>
	)
}
