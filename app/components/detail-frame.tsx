/**
 * The frame of every back-office detail page (issue 12): a header with the
 * title, a status badge, facts under the title and the actions on the right,
 * then the page's sections as titled cards. The host playroom overview uses
 * it; the admin back office reuses it for every entity.
 */
export function DetailFrame({
	title,
	badge,
	subtitle,
	actions,
	children,
	testId = 'detail-frame',
}: {
	title: string
	badge?: React.ReactNode
	subtitle?: React.ReactNode
	actions?: React.ReactNode
	children: React.ReactNode
	testId?: string
}) {
	return (
		<main id="main" data-testid={testId}>
			<header className="mb-6 flex flex-wrap items-start justify-between gap-4">
				<div className="min-w-0">
					<div className="flex flex-wrap items-center gap-3">
						<h1 className="text-3xl font-bold">{title}</h1>
						{badge}
					</div>
					{subtitle ? <div className="mt-1 text-ink-muted">{subtitle}</div> : null}
				</div>
				{actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
			</header>
			<div className="grid gap-4 lg:grid-cols-2">{children}</div>
		</main>
	)
}

/** One titled section of a detail page (a card; `wide` spans both columns). */
export function DetailSection({
	id,
	title,
	wide,
	children,
}: {
	id: string
	title: string
	wide?: boolean
	children: React.ReactNode
}) {
	return (
		<section
			aria-labelledby={`${id}-title`}
			className={`card ${wide ? 'lg:col-span-2' : ''}`}
			data-testid={id}
		>
			<h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}
