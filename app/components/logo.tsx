import { useTranslation } from 'react-i18next'
import { LocaleLink } from './locale-link.tsx'

/** The brand mark: a little house with a ball, and the product name. */
export function Logo() {
	const { t } = useTranslation()
	return (
		<LocaleLink to="/" className="flex items-center gap-2 font-bold text-ink no-underline">
			<svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 text-accent">
				<path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" fill="currentColor" />
				<circle cx="16" cy="20" r="4.5" className="fill-surface" />
			</svg>
			<span className="text-lg">{t('appName')}</span>
		</LocaleLink>
	)
}
