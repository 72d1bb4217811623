import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { AuthPage } from './auth-page.tsx'
import { LocaleLink } from './locale-link.tsx'

/** The confirmation page of logout and relogin: a GET changes nothing, the button posts. */
export function SessionEndPage({
	title,
	question,
	submit,
}: {
	title: string
	question: string
	submit: string
}) {
	const { t } = useTranslation('auth')
	return (
		<AuthPage title={title}>
			<p className="mb-4">{question}</p>
			<div className="flex gap-2">
				<Form method="POST">
					<button type="submit" className="btn-primary">
						{submit}
					</button>
				</Form>
				<LocaleLink to="/" className="btn-secondary">
					{t('logout.cancel')}
				</LocaleLink>
			</div>
		</AuthPage>
	)
}
