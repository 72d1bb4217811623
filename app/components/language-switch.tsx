import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { switchLocalePath, type Locale } from '#app/utils/locale.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/** Link to the same page in the other language; remembers the choice (cookie i18n_redirected). */
export function languageSwitchHref(target: Locale, currentPathWithSearch: string) {
	const redirect = switchLocalePath(currentPathWithSearch, target)
	return `/resources/locale?lng=${target}&redirect=${encodeURIComponent(redirect)}`
}

export function LanguageSwitch() {
	const { t } = useTranslation()
	const locale = useLocale()
	const location = useLocation()
	const target: Locale = locale === 'de' ? 'en' : 'de'
	return (
		<a
			href={languageSwitchHref(target, `${location.pathname}${location.search}${location.hash}`)}
			hrefLang={target}
			lang={target}
			rel="nofollow"
			className="btn-ghost px-2"
			aria-label={t('language.switchTo')}
			title={t('language.switchTo')}
			data-testid="language-switch"
		>
			<span aria-hidden="true">{t(`language.short.${target}`)}</span>
		</a>
	)
}
