import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import {
	chooseConsent,
	loadConsentBanner,
	openConsentSettings,
	useConsent,
	type ConsentChoice,
} from '#app/utils/consent.ts'
import { localizePath } from '#app/utils/locale.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

export type ConsentNoticeProps = {
	/** The request carried a consent of the current revision (root loader). */
	decided: boolean
	/** It carried an outdated one: say that the rules changed. */
	returning: boolean
}

/**
 * The first-visit consent banner (spec §4, §9: box, bottom right; accept all,
 * necessary only, settings), rendered on the server so that it paints with the
 * page (issue 11's LCP; docs/decisions/0068-consent-banner-ssr.md).
 *
 * Without JavaScript its buttons post to /resources/consent, which stores the
 * same cc_cookie the library would and redirects back. With JavaScript they
 * hand the choice to vanilla-cookieconsent (which never shows a banner of its
 * own), and the banner disappears once the consent store says "decided".
 */
export function ConsentNotice({ decided, returning }: ConsentNoticeProps) {
	const { t } = useTranslation('consent')
	const locale = useLocale()
	const location = useLocation()
	// During hydration this is "not decided", so the markup matches the server's.
	const browserConsent = useConsent()
	if (decided || browserConsent.decided) return null

	// The library loads as the visitor reaches for the banner (pointer or keyboard), so a click finds it
	// ready; pages do not load it before (issue 11: it was a long task in every first visit).
	const warmUp = () => void loadConsentBanner(locale)
	const choose = (event: React.MouseEvent<HTMLButtonElement>, choice: ConsentChoice) => {
		event.preventDefault()
		void chooseConsent(locale, choice)
	}
	return (
		<section
			role="dialog"
			aria-labelledby="consent-notice-title"
			aria-describedby="consent-notice-text"
			data-testid="consent-notice"
			onPointerEnter={warmUp}
			onTouchStart={warmUp}
			onFocus={warmUp}
			className="fixed right-4 bottom-4 left-4 z-50 rounded-lg border border-line bg-surface-raised p-5 text-ink shadow-xl sm:left-auto sm:max-w-[24rem]"
		>
			<h2 id="consent-notice-title" className="mb-2 font-semibold">
				{t('banner.title')}
			</h2>
			<p id="consent-notice-text" className="text-sm leading-relaxed">
				{t('banner.description')}{' '}
				<a
					href={localizePath('/privacy-policy', locale)}
					className="link"
					onClick={(event) => {
						event.preventDefault()
						void openConsentSettings(locale)
					}}
				>
					{t('banner.settings')}
				</a>
				{returning ? (
					<>
						<br />
						<br />
						{t('banner.revision')}
					</>
				) : null}
			</p>
			<form method="post" action="/resources/consent" className="mt-4 flex flex-wrap gap-2">
				<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
				<button
					type="submit"
					name="choice"
					value="all"
					className="btn-primary flex-1"
					onClick={(event) => choose(event, 'all')}
				>
					{t('banner.acceptAll')}
				</button>
				<button
					type="submit"
					name="choice"
					value="necessary"
					className="btn-secondary flex-1"
					onClick={(event) => choose(event, 'necessary')}
				>
					{t('banner.acceptNecessary')}
				</button>
			</form>
		</section>
	)
}
