// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { ColumnChart } from './column-chart.tsx'

describe('ColumnChart', () => {
	test('is an SVG image with an accessible name and description, columns scaled to the largest value', async () => {
		await renderWithApp(
			<ColumnChart
				title="Page views per day"
				description="1 Jun: 4; 2 Jun: 0; 3 Jun: 2"
				maxLabel="4"
				points={[
					{ key: 'a', label: '1 Jun', value: 4, valueLabel: '1 Jun: 4' },
					{ key: 'b', label: '2 Jun', value: 0, valueLabel: '2 Jun: 0' },
					{ key: 'c', label: '3 Jun', value: 2, valueLabel: '3 Jun: 2' },
				]}
			/>,
		)
		const chart = screen.getByRole('img', { name: 'Page views per day' })
		expect(chart.tagName.toLowerCase()).toBe('svg')
		const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '')
		expect(description?.textContent).toBe('1 Jun: 4; 2 Jun: 0; 3 Jun: 2')
		const heights = [...chart.querySelectorAll('rect.fill-accent')].map((bar) =>
			Number(bar.getAttribute('height')),
		)
		expect(heights).toEqual([132, 0, 66])
		expect(chart.textContent).toContain('1 Jun')
		expect(chart.textContent).toContain('3 Jun')
	})
})
