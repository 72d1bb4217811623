import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { consentAllows, grantConsent, useConsent } from '#app/utils/consent.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

export type MapPlaceholder = (note: string, action?: React.ReactNode) => React.ReactNode

/**
 * Every map's consent gate (loaded after hydration, only with a map style — see
 * map-island.tsx): without functional consent it renders the caller's
 * placeholder with a button that grants it (through the consent banner's
 * library, so cc_cookie stays the one record); with it the map (`children`,
 * a React.lazy component of the caller, so MapLibre is imported only now).
 */
export function MapIsland({
	placeholder,
	children,
}: {
	placeholder: MapPlaceholder
	children: React.ReactNode
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
	return <Suspense fallback={placeholder(t('map.loading'))}>{children}</Suspense>
}
