import { useId, type ReactNode } from 'react'

/**
 * The shared frame of the server-rendered SVG charts (bar-chart.tsx,
 * column-chart.tsx): an `img` with an accessible name (`title`) and a
 * description (`description`, all values in one sentence), so the chart is
 * readable without JavaScript and by a screen reader. `scaleTo` is the common
 * value → length scale (negative values draw as 0, the top is at least 1).
 */
export function chartTop(values: (number | null)[], max?: number): number {
	return Math.max(max ?? 0, ...values.map((value) => value ?? 0), 1)
}

export function scaleTo(value: number | null, top: number, length: number): number {
	return value === null ? 0 : Math.round((Math.max(0, value) / top) * length)
}

export function truncateLabel(text: string, max = 26) {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

export function ChartFrame({
	title,
	description,
	width,
	height,
	testId,
	children,
}: {
	title: string
	description: string
	width: number
	height: number
	testId: string
	children: ReactNode
}) {
	const id = useId()
	const titleId = `${id}-title`
	const descId = `${id}-desc`
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
			{children}
		</svg>
	)
}
