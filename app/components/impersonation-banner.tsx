import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { useLocale, useRootData } from '#app/hooks/use-root-data.ts'

/**
 * While an admin is logged in as someone else ("login as"), every page shows
 * who they are impersonating and a button back to their admin session.
 * A real form: it works without JavaScript.
 */
export function ImpersonationBanner() {
	const { t } = useTranslation('auth')
	const data = useRootData()
	const locale = useLocale()
	if (!data?.impersonating || !data.user) return null
	return (
		<div
			role="region"
			aria-label={t('impersonation.back')}
			className="sticky top-0 z-[1050] flex flex-wrap items-center justify-center gap-3 bg-warning px-4 py-2 text-sm font-semibold text-black"
			data-testid="impersonation-banner"
		>
			<p>{t('impersonation.banner', { name: data.user.displayName, email: data.user.email })}</p>
			<Form method="POST" action="/resources/impersonation" reloadDocument>
				<input type="hidden" name="intent" value="stop" />
				<input type="hidden" name="locale" value={locale} />
				<button type="submit" className="rounded-lg bg-black px-3 py-1 text-white hover:opacity-90">
					{t('impersonation.back')}
				</button>
			</Form>
		</div>
	)
}
