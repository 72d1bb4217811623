import { useTranslation } from 'react-i18next'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { CachedFragment } from './cached-fragment.tsx'
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
export function SiteFooter() {
	const locale = useLocale()
	return (
		<CachedFragment cacheKey={() => `footer\n${locale}\n${new Date().getFullYear()}`}>
			<FooterContent />
		</CachedFragment>
	)
}

function FooterContent() {
	const { t } = useTranslation()
	return (
		<footer className="mt-16 border-t border-line bg-surface-raised">
			<div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-ink-muted md:flex-row md:items-center md:justify-between">
				<p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
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
