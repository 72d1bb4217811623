import { useTranslation } from 'react-i18next'
import type { AdminDashboard } from '#app/models/admin/admin-dashboard.server.ts'
import { MONEY_TODO_ITEMS, moneyTodoHref } from '#app/domain/money-todo.ts'
import { formatAmount } from '#app/utils/format.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { DetailSection } from './detail-frame.tsx'
import { LocaleLink } from './locale-link.tsx'

/**
 * The dashboard's "Money to do" (issue 34, ADR 0180): refunds due, payouts to execute, unmatched
 * transfers, overdue invoices — each count with its sum, a link to exactly its rows; a zero says
 * "nothing to do" and stays in its place. Below, the DATEV export for the tax advisor.
 */
export function MoneyToDo({ todo }: { todo: AdminDashboard['moneyToDo'] }) {
	const { t } = useTranslation('adminBooks')
	const locale = useLocale()
	return (
		<DetailSection id="dashboard-money-todo" title={t('todo.title')}>
			<dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2" data-testid="money-todo">
				{MONEY_TODO_ITEMS.map((item) => {
					const { count, amount } = todo[item]
					return (
						<div key={item} className="contents" data-testid={`money-todo-${item}`}>
							<dt>{t(`todo.items.${item}`)}</dt>
							<dd className="text-right tabular-nums">
								{count === 0 ? (
									<span className="text-ink-muted">{t('todo.nothing')}</span>
								) : (
									<LocaleLink to={moneyTodoHref(item)} className="link font-semibold">
										{t('todo.summary', { count, amount: formatAmount(amount, locale) })}
									</LocaleLink>
								)}
							</dd>
						</div>
					)
				})}
			</dl>
			<p className="mt-3">
				<LocaleLink to="/admin/exports" className="link">
					{t('todo.exports')}
				</LocaleLink>
			</p>
		</DetailSection>
	)
}
