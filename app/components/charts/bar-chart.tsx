import { ChartFrame, chartTop, scaleTo, truncateLabel } from './chart-frame.tsx'

/**
 * A small horizontal bar chart as server-rendered SVG (issue 12): readable
 * without JavaScript, one bar per row with its label and value written out.
 * The SVG is an image with an accessible name (`title`) and description
 * (`description`, e.g. all values in one sentence), so a screen reader gets
 * the numbers too. Values are drawn relative to `max` (default: the largest).
 * The host dashboard uses it for occupancy; the admin dashboard for top
 * playrooms, cities and orders by status. Frame and scale: chart-frame.tsx.
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

/** The label has the chart's whole width: as many characters as fit it at font size 13. */
const LABEL_CHARACTERS = 34

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
	const top = chartTop(
		rows.map((row) => row.value),
		max,
	)
	const width = BAR_WIDTH + VALUE_WIDTH
	const height = Math.max(1, rows.length) * ROW_HEIGHT
	return (
		<ChartFrame title={title} description={description} width={width} height={height} testId={testId}>
			{rows.map((row, index) => {
				const y = index * ROW_HEIGHT
				const barLength = scaleTo(row.value, top, BAR_WIDTH)
				return (
					<g key={row.key} data-testid={`${testId}-row`} data-value={row.value ?? ''}>
						<text x={0} y={y + 14} fontSize={13} fill="currentColor">
							{truncateLabel(row.label, LABEL_CHARACTERS)}
						</text>
						<rect x={0} y={y + 21} width={BAR_WIDTH} height={16} rx={3} fill="currentColor" opacity={0.12} />
						<rect x={0} y={y + 21} width={barLength} height={16} rx={3} className="fill-accent" />
						<text x={row.value === null ? 8 : BAR_WIDTH + 8} y={y + 34} fontSize={13} fill="currentColor">
							{row.valueLabel}
						</text>
					</g>
				)
			})}
		</ChartFrame>
	)
}
