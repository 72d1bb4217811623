import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { consentAllows, grantConsent, useConsent } from '#app/utils/consent.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import type { MapPoint } from './results-map.tsx'

/**
 * The map's consent gate (loaded after hydration, only with MAP_STYLE_URL):
 * without functional consent the placeholder gets a button that grants it
 * (through the consent banner's library, so cc_cookie stays the one record);
 * with it the map itself is imported.
 */
const LazyMap = lazy(() => import('./results-map.client.tsx'))

export function MapIsland({
	points,
	styleUrl,
	placeholder,
}: {
	points: readonly MapPoint[]
	styleUrl: string
	placeholder: (note: string, action?: React.ReactNode) => React.ReactNode
}) {
	const { t } = useTranslation('catalogue')
	const locale = useLocale()
	const consent = useConsent()
	if (!consentAllows(consent, 'maps')) {
		return placeholder(
			t('map.consentNeeded'),
			<button
				type="button"
				className="btn-secondary self-start"
				onClick={() => void grantConsent(locale, 'functional')}
				data-testid="map-allow"
			>
				{t('map.allow')}
			</button>,
		)
	}
	return (
		<Suspense fallback={placeholder(t('map.loading'))}>
			<LazyMap points={points} styleUrl={styleUrl} />
		</Suspense>
	)
}
