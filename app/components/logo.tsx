import { useTranslation } from 'react-i18next'
import { LocaleLink } from './locale-link.tsx'

/** The brand mark: a little house with a ball, and the product name. */
export function Logo({ compact = false }: { compact?: boolean }) {
	const { t } = useTranslation()
	return (
		<LocaleLink to="/" className="flex shrink-0 items-center gap-2 font-bold text-ink no-underline">
			<svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 text-accent">
				<path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" fill="currentColor" />
				<circle cx="16" cy="20" r="4.5" className="fill-surface" />
			</svg>
			{/* compact: a header with more controls shows only the mark below 400 px (the name stays for screen readers). */}
			<span className={compact ? 'text-lg max-[399px]:sr-only' : 'text-lg'}>{t('appName')}</span>
		</LocaleLink>
	)
}
