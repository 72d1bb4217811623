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

const ROW_HEIGHT = 28
const LABEL_WIDTH = 180
const BAR_WIDTH = 220
const VALUE_WIDTH = 120

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
	const width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH
	const height = Math.max(1, rows.length) * ROW_HEIGHT
	return (
		<ChartFrame title={title} description={description} width={width} height={height} testId={testId}>
			{rows.map((row, index) => {
				const y = index * ROW_HEIGHT
				const barLength = scaleTo(row.value, top, BAR_WIDTH)
				return (
					<g key={row.key} data-testid={`${testId}-row`} data-value={row.value ?? ''}>
						<text x={0} y={y + 18} fontSize={13} fill="currentColor">
							{truncateLabel(row.label)}
						</text>
						<rect
							x={LABEL_WIDTH}
							y={y + 6}
							width={BAR_WIDTH}
							height={16}
							rx={3}
							fill="currentColor"
							opacity={0.12}
						/>
						<rect x={LABEL_WIDTH} y={y + 6} width={barLength} height={16} rx={3} className="fill-accent" />
						<text x={LABEL_WIDTH + BAR_WIDTH + 8} y={y + 18} fontSize={13} fill="currentColor">
							{row.valueLabel}
						</text>
					</g>
				)
			})}
		</ChartFrame>
	)
}
