import { useTranslation } from 'react-i18next'
import type { Route } from './+types/invoices.ts'
import { formatInvoiceDate } from '#app/domain/invoices.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { listHostInvoices } from '#app/models/invoices/invoices.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { localizePath } from '#app/utils/locale.ts'
import { pageTitle } from '#app/utils/page-title.ts'

/**
 * /host/invoices (issue 34, ADR 0178): the platform's commission invoices and Stornos to this host —
 * number, period, gross amount, status (with the due date of an open one), PDF and XML downloads
 * (plain links to the resource routes: they work without JavaScript). Only the host's own.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return { invoices: listHostInvoices(host) }
}

export default function HostInvoicesPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ti } = useTranslation('invoices')
	const locale = useLocale()
	const title = pageTitle(t, 'host/invoices')
	const date = (value: string) => formatInvoiceDate(value, locale)
	return (
		<main id="main" data-testid="host-invoices">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-6 max-w-2xl text-ink-muted">{ti('host.intro')}</p>
			{loaderData.invoices.length === 0 ? (
				<p className="card">{ti('host.empty')}</p>
			) : (
				<div className="overflow-x-auto">
					<table className="w-full text-sm">
						<thead>
							<tr className="text-left">
								<th className="p-2">{ti('host.columns.number')}</th>
								<th className="p-2">{ti('host.columns.period')}</th>
								<th className="p-2 text-right">{ti('host.columns.gross')}</th>
								<th className="p-2">{ti('host.columns.status')}</th>
								<th className="p-2">{ti('host.columns.documents')}</th>
							</tr>
						</thead>
						<tbody>
							{loaderData.invoices.map((invoice) => (
								<tr key={invoice.id} className="border-t border-line" data-testid="host-invoice-row">
									<td className="p-2 font-mono whitespace-nowrap">
										{invoice.number}
										{invoice.kind === 'Cancellation' ? (
											<span className="block font-sans text-xs text-ink-muted">
												{ti('kinds.Cancellation')}
											</span>
										) : null}
									</td>
									<td className="p-2">
										{date(invoice.periodStart)} – {date(invoice.periodEnd)}
									</td>
									<td className="p-2 text-right whitespace-nowrap tabular-nums">
										{formatAmount(invoice.grossAmount, locale)}
									</td>
									<td className="p-2">
										{ti(`statuses.${invoice.status}`)}
										{invoice.status === 'Open' && invoice.dueDate ? (
											<span className="block text-xs text-ink-muted">
												{ti('host.dueOn', { date: date(invoice.dueDate) })}
											</span>
										) : null}
									</td>
									<td className="p-2 whitespace-nowrap">
										{invoice.hasDocuments ? (
											<>
												<a
													className="link mr-3"
													href={localizePath(`/host/invoices/${invoice.id}/pdf`, locale)}
													download
												>
													{ti('host.pdf')}
												</a>
												<a
													className="link"
													href={localizePath(`/host/invoices/${invoice.id}/xml`, locale)}
													download
												>
													{ti('host.xml')}
												</a>
											</>
										) : (
											'–'
										)}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</main>
	)
}
