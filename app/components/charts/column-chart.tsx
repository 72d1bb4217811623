import { ChartFrame, chartTop, scaleTo } from './chart-frame.tsx'

/**
 * A time series as server-rendered SVG columns (issue 14: orders, page views
 * and website clicks per day on the admin dashboard), next to BarChart and
 * sharing its frame and scale (chart-frame.tsx). A baseline, the largest
 * value on the y axis and the first, middle and last x labels are drawn;
 * every value is in the description and in each column's `<title>`.
 */
export type ColumnChartPoint = {
	key: string
	/** Axis label, e.g. "1 Jun". */
	label: string
	value: number
	/** Tooltip/description text of the point, e.g. "1 Jun: 42". */
	valueLabel: string
}

const WIDTH = 520
const PLOT_HEIGHT = 140
const AXIS_WIDTH = 48
const LABEL_HEIGHT = 22

export function ColumnChart({
	title,
	description,
	points,
	maxLabel,
	testId = 'column-chart',
}: {
	title: string
	description: string
	points: ColumnChartPoint[]
	/** The y axis label at the top (the largest value, formatted). */
	maxLabel: string
	testId?: string
}) {
	const top = chartTop(points.map((point) => point.value))
	const plotWidth = WIDTH - AXIS_WIDTH
	const step = plotWidth / Math.max(1, points.length)
	const gap = step > 6 ? 2 : 0
	const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])
	return (
		<ChartFrame
			title={title}
			description={description}
			width={WIDTH}
			height={PLOT_HEIGHT + LABEL_HEIGHT}
			testId={testId}
		>
			<text x={AXIS_WIDTH - 6} y={12} fontSize={12} textAnchor="end" fill="currentColor">
				{maxLabel}
			</text>
			<text x={AXIS_WIDTH - 6} y={PLOT_HEIGHT} fontSize={12} textAnchor="end" fill="currentColor">
				0
			</text>
			<line
				x1={AXIS_WIDTH}
				x2={WIDTH}
				y1={PLOT_HEIGHT}
				y2={PLOT_HEIGHT}
				stroke="currentColor"
				opacity={0.4}
			/>
			{points.map((point, index) => {
				const height = scaleTo(point.value, top, PLOT_HEIGHT - 8)
				const x = AXIS_WIDTH + index * step
				return (
					<g key={point.key} data-testid={`${testId}-point`} data-value={point.value}>
						<title>{point.valueLabel}</title>
						<rect
							x={x + gap / 2}
							y={PLOT_HEIGHT - height}
							width={Math.max(1, step - gap)}
							height={height}
							className="fill-accent"
						/>
						{labelled.has(index) ? (
							<text
								x={Math.min(Math.max(x + step / 2, AXIS_WIDTH + 20), WIDTH - 20)}
								y={PLOT_HEIGHT + 16}
								fontSize={12}
								textAnchor="middle"
								fill="currentColor"
							>
								{point.label}
							</text>
						) : null}
					</g>
				)
			})}
		</ChartFrame>
	)
}
