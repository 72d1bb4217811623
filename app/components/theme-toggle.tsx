import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { COLOR_MODE_FETCHER_KEY, useColorMode } from '#app/utils/color-mode.ts'
import { FetcherForm } from './fetcher-form.tsx'
import { Icon } from './icon.tsx'

/** Dark/light switch: a real form (works without JavaScript), a fetcher with it. */
export function ThemeToggle() {
	const { t } = useTranslation()
	const location = useLocation()
	const hydrated = useHydrated()
	const mode = useColorMode()
	const next = mode === 'dark' ? 'light' : 'dark'
	const label = next === 'dark' ? t('theme.toDark') : t('theme.toLight')
	return (
		<FetcherForm
			fetcherKey={COLOR_MODE_FETCHER_KEY}
			method="POST"
			action="/resources/preferences"
			defaultShouldRevalidate={false}
		>
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
				{mode === 'dark' ? <Icon name="sun" /> : <Icon name="moon" />}
			</button>
		</FetcherForm>
	)
}
