import { useTranslation } from 'react-i18next'
import { cachedFragment } from './cached-fragment.tsx'
import { ConsentSettingsLink } from './catalogue-chrome.tsx'
import { LocaleLink } from './locale-link.tsx'

const FOOTER_LINKS = [
	{ to: '/info/imprint', labelKey: 'footer.imprint' },
	{ to: '/privacy-policy', labelKey: 'footer.privacy' },
	{ to: '/info/about-us', labelKey: 'footer.aboutUs' },
	{ to: '/info/host-price-page', labelKey: 'footer.hostPrices' },
	{ to: '/routes', labelKey: 'footer.sitemap' },
] as const

/** The same HTML for every page of a language and year: the server keeps it (ADR 0123). */
const CachedFooter = cachedFragment('site-footer', FooterContent)

export function SiteFooter() {
	return <CachedFooter year={new Date().getFullYear()} />
}

function FooterContent({ year }: { year: number }) {
	const { t } = useTranslation()
	return (
		<footer className="mt-16 border-t border-line bg-surface-raised">
			<div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-ink-muted md:flex-row md:items-center md:justify-between">
				<p>{t('footer.copyright', { year })}</p>
				<nav aria-label={t('footer.sitemap')}>
					<ul className="flex flex-wrap gap-4">
						{FOOTER_LINKS.map((link) => (
							<li key={link.to}>
								<LocaleLink to={link.to} className="hover:text-ink">
									{t(link.labelKey)}
								</LocaleLink>
							</li>
						))}
						<li>
							<ConsentSettingsLink />
						</li>
					</ul>
				</nav>
			</div>
		</footer>
	)
}
