// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { BarChart } from './bar-chart.tsx'

describe('BarChart', () => {
	test('is an SVG image with an accessible name and description, bars scaled to the maximum', async () => {
		await renderWithApp(
			<BarChart
				title="Auslastung der letzten 30 Tage"
				description="Tobeland: 50 %; Kletterhöhle: keine Öffnungszeiten"
				rows={[
					{ key: 'a', label: 'Tobeland', value: 50, valueLabel: '50 %' },
					{ key: 'b', label: 'Kletterhöhle', value: null, valueLabel: 'keine Öffnungszeiten' },
				]}
				max={100}
			/>,
		)
		const chart = screen.getByRole('img', { name: 'Auslastung der letzten 30 Tage' })
		expect(chart.tagName.toLowerCase()).toBe('svg')
		const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '')
		expect(description?.tagName.toLowerCase()).toBe('desc')
		expect(description?.textContent).toBe('Tobeland: 50 %; Kletterhöhle: keine Öffnungszeiten')
		expect(chart.textContent).toContain('Tobeland')
		expect(chart.textContent).toContain('50 %')
		const bars = chart.querySelectorAll('rect.fill-accent')
		expect([...bars].map((bar) => bar.getAttribute('width'))).toEqual(['110', '0'])
	})
})
