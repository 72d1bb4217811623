import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'

/** Previous/next links for a paged list; the page number travels in `param`. */
export function Pagination({
	currentPage,
	perPage,
	totalCount,
	param = 'currentPage',
}: {
	currentPage: number
	perPage: number
	totalCount: number
	param?: string
}) {
	const { t } = useTranslation('booking')
	const location = useLocation()
	const pages = Math.max(1, Math.ceil(totalCount / perPage))
	if (pages <= 1) return null
	const link = (page: number) => {
		const search = new URLSearchParams(location.search)
		search.set(param, String(page))
		return `${location.pathname}?${search.toString()}`
	}
	return (
		<nav
			aria-label={t('orders.page', { page: currentPage, pages })}
			className="mt-4 flex items-center gap-3 text-sm"
		>
			{currentPage > 1 ? (
				<a href={link(currentPage - 1)} className="btn-secondary">
					{t('orders.previous')}
				</a>
			) : null}
			<span>{t('orders.page', { page: currentPage, pages })}</span>
			{currentPage < pages ? (
				<a href={link(currentPage + 1)} className="btn-secondary">
					{t('orders.nextPage')}
				</a>
			) : null}
		</nav>
	)
}
