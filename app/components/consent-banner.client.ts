import i18next from 'i18next'
import 'vanilla-cookieconsent'
import 'vanilla-cookieconsent/dist/cookieconsent.css'
import {
	CONSENT_COOKIE,
	CONSENT_REVISION,
	notifyConsentChanged,
	readBrowserConsent,
	type ConsentCategory,
	type ConsentChoice,
} from '#app/utils/consent.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'

/**
 * The consent banner: vanilla-cookieconsent 2.9 configured exactly as spec §4
 * and §9 say (docs/decisions/0031-consent.md). Loaded lazily by
 * app/utils/consent.ts — only when no valid consent is stored or the visitor
 * opens the settings — so pages do not ship it. It does not show its own
 * first-visit banner (autorun off): components/consent-notice.tsx renders that
 * on the server and calls acceptChoice (ADR 0068).
 */
let cookieConsent: CookieConsent | null = null
const languages: Record<string, LanguageSetting> = {}

/** Our cookies, listed in the settings (necessary). */
const NECESSARY_COOKIES = [
	['auth.token', 'login'],
	['auth.old_user', 'impersonation'],
	['i18n_redirected', 'language'],
	['culture', 'culture'],
	['color_mode', 'colorMode'],
	['sidebar', 'sidebar'],
	['sz_toast', 'toast'],
	['sz_logged_out', 'loggedOut'],
	[CONSENT_COOKIE, 'consent'],
	['sz:favourites', 'favourites'],
] as const

function languageSetting(locale: Locale): LanguageSetting {
	const t = i18next.getFixedT(locale, 'consent')
	const row = (name: string, key: string) => ({
		col1: name,
		col2: t(`providers.${key}` as 'providers.login'),
		col3: t(`durations.${key}` as 'durations.login'),
		col4: t(`purposes.${key}` as 'purposes.login'),
	})
	const privacy = localizePath('/privacy-policy', locale)
	return {
		consent_modal: {
			title: t('banner.title'),
			description: `${t('banner.description')} <button type="button" data-cc="c-settings" class="cc-link">${t('banner.settings')}</button>`,
			primary_btn: { text: t('banner.acceptAll'), role: 'accept_all' },
			secondary_btn: { text: t('banner.acceptNecessary'), role: 'accept_necessary' },
		},
		settings_modal: {
			title: t('settings.title'),
			save_settings_btn: t('settings.save'),
			accept_all_btn: t('settings.acceptAll'),
			reject_all_btn: t('settings.acceptNecessary'),
			close_btn_label: t('settings.close'),
			cookie_table_caption: t('settings.tableCaption'),
			cookie_table_headers: [
				{ col1: t('settings.columns.name') },
				{ col2: t('settings.columns.provider') },
				{ col3: t('settings.columns.duration') },
				{ col4: t('settings.columns.purpose') },
			],
			blocks: [
				{ title: t('settings.intro.title'), description: t('settings.intro.description') },
				{
					title: t('settings.necessary.title'),
					description: t('settings.necessary.description'),
					toggle: { value: 'necessary', enabled: true, readonly: true },
					cookie_table: NECESSARY_COOKIES.map(([name, key]) => row(name, key)),
				},
				{
					title: t('settings.functional.title'),
					description: t('settings.functional.description'),
					toggle: { value: 'functional', enabled: false, readonly: false },
					cookie_table: [row(t('names.chat'), 'chat'), row(t('names.maps'), 'maps')],
				},
				{
					title: t('settings.analytics.title'),
					description: t('settings.analytics.description'),
					toggle: { value: 'analytics', enabled: false, readonly: false },
					cookie_table: [
						row(t('names.productAnalytics'), 'productAnalytics'),
						row(t('names.webAnalytics'), 'webAnalytics'),
						row(t('names.behaviourAnalytics'), 'behaviourAnalytics'),
					],
				},
				{
					title: t('settings.more.title'),
					description: t('settings.more.description', { href: privacy }),
				},
			],
		},
	}
}

/** Spec §4: accepting notifies the store after a 100 ms delay. */
const notifyLater = () => window.setTimeout(notifyConsentChanged, 100)

export function startConsentBanner(locale: Locale) {
	if (cookieConsent) return
	languages[locale] = languageSetting(locale)
	cookieConsent = window.initCookieConsent()
	cookieConsent.run({
		current_lang: locale,
		revision: CONSENT_REVISION,
		mode: 'opt-in',
		cookie_name: CONSENT_COOKIE,
		cookie_expiration: 182,
		cookie_path: '/',
		cookie_same_site: 'Lax',
		use_rfc_cookie: true,
		autoclear_cookies: false,
		force_consent: false,
		page_scripts: true,
		// The first-visit banner is server-rendered (components/consent-notice.tsx, ADR 0068) and
		// paints with the page; the library never shows its own, it stores the choice.
		autorun: false,
		// The library would treat every automated browser (navigator.webdriver) as a bot and never
		// show; bots do not act on the banner anyway, and the server ignores their analytics.
		hide_from_bots: false,
		gui_options: {
			consent_modal: { layout: 'box', position: 'bottom right', transition: 'zoom', swap_buttons: false },
			settings_modal: { layout: 'box', transition: 'zoom' },
		},
		onAccept: notifyLater,
		onChange: notifyLater,
		languages,
	})
}

export function showConsentSettings() {
	cookieConsent?.showSettings(0)
}

/** The server-rendered banner's "accept all" / "necessary only", with JavaScript. */
export function acceptChoice(choice: ConsentChoice) {
	cookieConsent?.accept(choice === 'all' ? 'all' : ['necessary'])
}

/** Adds one category to what the visitor has accepted (the map's "allow" button). */
export function acceptCategory(category: ConsentCategory) {
	const accepted = new Set<string>(readBrowserConsent().categories)
	accepted.add(category)
	cookieConsent?.accept([...accepted])
}

export function setConsentLanguage(locale: Locale) {
	languages[locale] ??= languageSetting(locale)
	if (document.getElementById('cc_div')) cookieConsent?.updateLanguage(locale, true)
}
