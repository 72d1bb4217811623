/**
 * The frame of every detail page (issue 12): a header with the title, a status
 * badge, facts under the title and the actions on the right, then the page's
 * sections as titled cards in two columns. The host playroom overview uses it,
 * the admin back office for every entity, and the order pages of the guest, the
 * host and the phone-first owner area (`narrow`: one column).
 */
export function DetailFrame({
	title,
	badge,
	subtitle,
	actions,
	children,
	narrow = false,
	testId = 'detail-frame',
}: {
	title: string
	badge?: React.ReactNode
	subtitle?: React.ReactNode
	actions?: React.ReactNode
	children: React.ReactNode
	/** One column of phone width (the owner area). */
	narrow?: boolean
	testId?: string
}) {
	return (
		<main id="main" data-testid={testId} className={narrow ? 'mx-auto max-w-xl min-w-0' : 'min-w-0'}>
			<header className="mb-6 flex flex-wrap items-start justify-between gap-4">
				<div className="min-w-0">
					<div className="flex flex-wrap items-center gap-3">
						<h1 className="min-w-0 text-3xl font-bold break-words">{title}</h1>
						{badge}
					</div>
					{subtitle ? <div className="mt-1 break-words text-ink-muted">{subtitle}</div> : null}
				</div>
				{actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
			</header>
			{/* Columns of minmax(0, 1fr): wide content (a table) scrolls in its card, never widens the page. */}
			<div className={narrow ? 'grid grid-cols-1 gap-4' : 'grid grid-cols-1 gap-4 lg:grid-cols-2'}>
				{children}
			</div>
		</main>
	)
}

/** A column of sections inside the frame (sections stacked with the frame's gap). */
export function DetailColumn({ children }: { children: React.ReactNode }) {
	return <div className="flex min-w-0 flex-col gap-4">{children}</div>
}

/** One titled section of a detail page (a card; `wide` spans both columns). */
export function DetailSection({
	id,
	title,
	wide,
	tone,
	children,
}: {
	id: string
	title: string
	wide?: boolean
	/** A section that asks for something (an answer: warning) or warns of it (a cancellation: danger). */
	tone?: 'warning' | 'danger'
	children: React.ReactNode
}) {
	const border = tone === 'warning' ? 'border-warning' : tone === 'danger' ? 'border-danger' : ''
	return (
		<section
			aria-labelledby={`${id}-title`}
			className={['card min-w-0 break-words', wide ? 'lg:col-span-2' : '', border].filter(Boolean).join(' ')}
			data-testid={id}
		>
			<h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}

/**
 * A table (or anything wide) that scrolls sideways inside its own box on a phone, with shadows at
 * the edges that have more to show (issue 31.12). Focusable, so the keyboard can scroll it.
 */
export function ScrollBox({
	label,
	children,
	onPage = false,
}: {
	/** The accessible name of the scrolling region. */
	label: string
	children: React.ReactNode
	/** On the page's background rather than in a card. */
	onPage?: boolean
}) {
	return (
		<div
			role="region"
			aria-label={label}
			tabIndex={0}
			className={`scroll-x max-w-full ${onPage ? '[--scroll-bg:var(--color-surface)]' : ''}`}
			data-testid="scroll-box"
		>
			{children}
		</div>
	)
}

/** A compact read-only table of a detail section (no paging, no sorting). */
export function Rows({
	head,
	rows,
	testId,
	rowTestId,
	label,
}: {
	head: string[]
	rows: React.ReactNode[][]
	testId: string
	/** A test id on every body row. */
	rowTestId?: string
	/** The accessible name of the table's scrolling box (the section's title). */
	label: string
}) {
	return (
		<ScrollBox label={label}>
			<table className="w-full text-left text-sm" data-testid={testId}>
				<thead>
					<tr className="border-b border-line">
						{head.map((label) => (
							<th key={label} className="p-1">
								{label}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((cells, index) => (
						<tr key={index} className="border-b border-line" data-testid={rowTestId}>
							{cells.map((content, column) => (
								<td key={column} className="p-1 align-top">
									{content}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</ScrollBox>
	)
}
