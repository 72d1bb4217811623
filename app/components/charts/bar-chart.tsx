import { useId } from 'react'

/**
 * A small horizontal bar chart as server-rendered SVG (issue 12): readable
 * without JavaScript, one bar per row with its label and value written out.
 * The SVG is an image with an accessible name (`title`) and description
 * (`description`, e.g. all values in one sentence), so a screen reader gets
 * the numbers too. Values are drawn relative to `max` (default: the largest).
 * The host dashboard uses it for occupancy; the admin dashboard reuses it.
 */
export type BarChartRow = {
	key: string
	label: string
	/** null: no value (drawn as an empty bar with `valueLabel`). */
	value: number | null
	/** The text shown after the bar, e.g. "42 %". */
	valueLabel: string
}

/**
 * Each row is the label on its own line with the bar and its value below it:
 * the chart stays narrow (BAR_WIDTH + VALUE_WIDTH), so on a phone it is drawn
 * at nearly full size and its text stays readable.
 */
const ROW_HEIGHT = 44
const BAR_WIDTH = 220
/** Room for a value such as "100 %"; a row without a value writes its text into the empty bar. */
const VALUE_WIDTH = 60

/** At most as many characters as fit the chart's width at font size 13 (wide glyphs such as digits included). */
function truncate(text: string, max = 34) {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

export function BarChart({
	title,
	description,
	rows,
	max,
	testId = 'bar-chart',
}: {
	title: string
	description: string
	rows: BarChartRow[]
	max?: number
	testId?: string
}) {
	const id = useId()
	const titleId = `${id}-title`
	const descId = `${id}-desc`
	const top = Math.max(max ?? 0, ...rows.map((row) => row.value ?? 0), 1)
	const width = BAR_WIDTH + VALUE_WIDTH
	const height = Math.max(1, rows.length) * ROW_HEIGHT
	return (
		<svg
			role="img"
			aria-labelledby={titleId}
			aria-describedby={descId}
			viewBox={`0 0 ${width} ${height}`}
			width="100%"
			style={{ maxWidth: width }}
			className="text-ink"
			data-testid={testId}
		>
			<title id={titleId}>{title}</title>
			<desc id={descId}>{description}</desc>
			{rows.map((row, index) => {
				const y = index * ROW_HEIGHT
				const barLength = row.value === null ? 0 : Math.round((Math.max(0, row.value) / top) * BAR_WIDTH)
				return (
					<g key={row.key} data-testid={`${testId}-row`} data-value={row.value ?? ''}>
						<text x={0} y={y + 14} fontSize={13} fill="currentColor">
							{truncate(row.label)}
						</text>
						<rect x={0} y={y + 21} width={BAR_WIDTH} height={16} rx={3} fill="currentColor" opacity={0.12} />
						<rect x={0} y={y + 21} width={barLength} height={16} rx={3} className="fill-accent" />
						<text x={row.value === null ? 8 : BAR_WIDTH + 8} y={y + 34} fontSize={13} fill="currentColor">
							{row.valueLabel}
						</text>
					</g>
				)
			})}
		</svg>
	)
}
