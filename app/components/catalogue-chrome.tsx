import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useRevalidator } from 'react-router'
import { localizePath } from '#app/utils/locale.ts'
import { useLocale, useSessionUser } from '#app/hooks/use-root-data.ts'

/**
 * What the catalogue adds to every page (root): after each navigation it hands
 * over to app/utils/catalogue-session.client.ts (consent banner, page_view
 * trace, favourites merge), which loads after hydration so that no page's
 * initial JavaScript carries it.
 */
export function CatalogueChrome() {
	const locale = useLocale()
	const userId = useSessionUser()?.id ?? null
	const location = useLocation()
	const { revalidate } = useRevalidator()
	const page = `${location.pathname}${location.search}`
	useEffect(() => {
		void import('#app/utils/catalogue-session.client.ts').then((session) =>
			session.afterNavigation({ locale, page, userId, revalidate }),
		)
	}, [locale, page, userId, revalidate])
	return null
}

/** The footer link that reopens the consent settings; without JavaScript it leads to the privacy policy. */
export function ConsentSettingsLink() {
	const { t } = useTranslation('consent')
	const locale = useLocale()
	return (
		<a
			href={localizePath('/privacy-policy', locale)}
			className="hover:text-ink"
			data-testid="consent-settings-link"
			onClick={(event) => {
				event.preventDefault()
				void import('#app/utils/consent.ts').then((consent) => consent.openConsentSettings(locale))
			}}
		>
			{t('footerLink')}
		</a>
	)
}
