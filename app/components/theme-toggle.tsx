import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useColorMode, useColorModeFetcher } from '#app/utils/color-mode.ts'

/** Dark/light switch: a real form (works without JavaScript), a fetcher with it. */
export function ThemeToggle() {
	const { t } = useTranslation()
	const location = useLocation()
	const hydrated = useHydrated()
	const fetcher = useColorModeFetcher()
	const mode = useColorMode()
	const next = mode === 'dark' ? 'light' : 'dark'
	const label = next === 'dark' ? t('theme.toDark') : t('theme.toLight')
	return (
		<fetcher.Form method="POST" action="/resources/preferences">
			<input type="hidden" name="intent" value="colorMode" />
			<input type="hidden" name="colorMode" value={next} />
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			)}
			<button
				type="submit"
				className="btn-ghost px-2"
				aria-label={label}
				title={label}
				data-testid="theme-toggle"
				data-color-mode={mode}
			>
				{mode === 'dark' ? (
					<svg
						aria-hidden="true"
						viewBox="0 0 24 24"
						className="h-5 w-5"
						fill="none"
						stroke="currentColor"
						strokeWidth="2"
					>
						<circle cx="12" cy="12" r="4" />
						<path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
					</svg>
				) : (
					<svg
						aria-hidden="true"
						viewBox="0 0 24 24"
						className="h-5 w-5"
						fill="none"
						stroke="currentColor"
						strokeWidth="2"
					>
						<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
					</svg>
				)}
			</button>
		</fetcher.Form>
	)
}
