import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { useLocale } from '#app/hooks/use-root-data.ts'

/** "Login as" (to the impersonation resource route; works without JavaScript). */
export function LoginAsButton({ userId, name }: { userId: string; name: string }) {
	const { t } = useTranslation('account')
	const locale = useLocale()
	return (
		<Form method="POST" action="/resources/impersonation" reloadDocument>
			<input type="hidden" name="intent" value="start" />
			<input type="hidden" name="userId" value={userId} />
			<input type="hidden" name="locale" value={locale} />
			<button
				type="submit"
				className="btn-secondary px-2 py-1"
				aria-label={t('admin.loginAsLabel', { name })}
			>
				{t('admin.loginAs')}
			</button>
		</Form>
	)
}

/** "Confirm e-mail" (the page's own action). */
export function ConfirmEmailButton({ userId }: { userId: string }) {
	const { t } = useTranslation('account')
	return (
		<Form method="POST">
			<input type="hidden" name="intent" value="confirmEmail" />
			<input type="hidden" name="userId" value={userId} />
			<button type="submit" className="btn-secondary px-2 py-1">
				{t('admin.confirmEmail')}
			</button>
		</Form>
	)
}
