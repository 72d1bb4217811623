import { useTranslation } from 'react-i18next'

/** The frame of the small account pages: main landmark, document title, heading, card. */
export function AuthPage({
	title,
	intro,
	children,
	wide,
}: {
	title: string
	intro?: string
	children: React.ReactNode
	wide?: boolean
}) {
	const { t } = useTranslation()
	return (
		<main id="main" className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'} px-4 py-10`}>
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			{intro ? <p className="mb-6 text-ink-muted">{intro}</p> : null}
			<div className="card">{children}</div>
		</main>
	)
}

/** A message with a tone, e.g. the outcome of following an e-mail link. */
export function Notice({
	tone,
	children,
	testId,
}: {
	tone: 'success' | 'danger'
	children: React.ReactNode
	testId?: string
}) {
	return (
		<p
			role={tone === 'danger' ? 'alert' : 'status'}
			className={`mb-4 font-medium ${tone === 'danger' ? 'text-danger' : 'text-success'}`}
			data-testid={testId}
		>
			{children}
		</p>
	)
}
