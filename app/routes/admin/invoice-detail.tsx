import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/invoice-detail.ts'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { Facts } from '#app/components/booking-ui.tsx'
import { DetailFrame, DetailSection, Rows } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { formatInvoiceDate } from '#app/domain/invoices.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { getAdminInvoice } from '#app/models/invoices/admin-invoices.server.ts'
import { markInvoicePaid, recreateInvoice } from '#app/models/invoices/invoices.server.ts'
import { invoiceActionSchema } from '#app/schemas/invoices.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { withNotFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /admin/invoices/:invoiceId (issue 34, ADR 0178): one invoice or Storno — facts, lines, the stored
 * documents with their SHA-256 (downloads), the Storno it was cancelled by or the invoice it cancels,
 * and two plain POST forms: "cancel and recreate" (a Storno and a new invoice) and "mark as paid" (an
 * open invoice). Both are audited; a refused one comes back as a toast with the reason, nothing changed.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return withNotFound(() => getAdminInvoice(admin, args.params.invoiceId))
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const t = looseT(getT(args.context))
	const locale = getLocale(args.context)
	const here = localizePath(`/admin/invoices/${args.params.invoiceId}`, locale)
	const parsed = invoiceActionSchema.safeParse(Object.fromEntries(await args.request.formData()))
	if (!parsed.success)
		return redirectWithToast(here, { type: 'danger', description: t('common:errors.message.generic') })
	try {
		if (parsed.data.intent === 'markPaid') {
			markInvoicePaid(admin, args.params.invoiceId)
			return redirectWithToast(here, { type: 'success', description: t('invoices:admin.detail.paid') })
		}
		const result = recreateInvoice(admin, args.params.invoiceId)
		const target = result.invoice ?? result.cancellation
		return redirectWithToast(localizePath(`/admin/invoices/${target.id}`, locale), {
			type: 'success',
			description: t('invoices:admin.detail.recreated', {
				cancellation: result.cancellation.number,
				invoice: result.invoice?.number ?? '–',
			}),
		})
	} catch (error) {
		if (!isAppError(error) || !error.messageKey) throw error
		return redirectWithToast(here, { type: 'danger', description: t(error.messageKey) })
	}
}

export default function AdminInvoicePage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ti } = useTranslation('invoices')
	const locale = useLocale()
	const { invoice, lines, documents, host, cancels, cancelledBy } = loaderData
	const money = (cents: number) => formatAmount(cents, locale)
	const date = (value: string) => formatInvoiceDate(value, locale)
	const title = ti('admin.detail.title', { number: invoice.number })
	const status = loaderData.overdue ? 'overdue' : invoice.status
	const facts: [string, React.ReactNode][] = [
		[ti('admin.columns.kind'), ti(`kinds.${invoice.kind}`)],
		[
			ti('admin.columns.host'),
			host ? (
				<LocaleLink to={`/admin/hosts/${host.id}`} className="underline">
					{host.name}
				</LocaleLink>
			) : (
				invoice.buyer.name
			),
		],
		[ti('admin.columns.period'), `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`],
		[ti('admin.columns.issuedAt'), formatDateTime(invoice.issuedAt, locale)],
		[ti('admin.columns.dueDate'), invoice.dueDate ? date(invoice.dueDate) : '–'],
		[ti('admin.columns.net'), money(invoice.netAmount)],
		[ti('admin.columns.vat'), `${money(invoice.vatAmount)} (${invoice.vatRateBp / 100} %)`],
		[ti('admin.columns.gross'), money(invoice.grossAmount)],
	]
	if (cancels) {
		facts.push([
			ti('admin.detail.cancels'),
			<LocaleLink key="cancels" to={`/admin/invoices/${cancels.id}`} className="font-mono underline">
				{cancels.number}
			</LocaleLink>,
		])
	}
	if (cancelledBy) {
		facts.push([
			ti('admin.detail.cancelledBy'),
			<LocaleLink key="cancelled-by" to={`/admin/invoices/${cancelledBy.id}`} className="font-mono underline">
				{cancelledBy.number}
			</LocaleLink>,
		])
	}
	const recreatable = invoice.kind === 'Invoice' && invoice.status !== 'Cancelled'
	return (
		<DetailFrame
			testId="admin-invoice"
			title={title}
			badge={<span className="badge">{ti(`statuses.${status}`)}</span>}
			actions={
				<LocaleLink to="/admin/invoices" className="btn-secondary">
					{pageTitle(t, 'admin/invoices')}
				</LocaleLink>
			}
		>
			<title>{`${title} | ${t('appName')}`}</title>
			<DetailSection id="invoice-facts" title={title}>
				<Facts rows={facts} />
			</DetailSection>
			<DetailSection id="invoice-documents" title={ti('admin.detail.documents')}>
				{documents.length === 0 ? (
					<p>{ti('admin.detail.noDocuments')}</p>
				) : (
					<ul className="flex flex-col gap-2">
						{documents.map((document) => (
							<li key={document.kind} className="min-w-0 break-all">
								<a
									className="link font-medium"
									href={localizePath(`/admin/invoices/${invoice.id}/${document.kind}`, locale)}
									download
								>
									{ti(`host.${document.kind}`)}
								</a>{' '}
								<span className="text-xs text-ink-muted">
									{ti('admin.detail.sha256')} {document.sha256}
								</span>
							</li>
						))}
					</ul>
				)}
			</DetailSection>
			<DetailSection id="invoice-lines" title={ti('admin.detail.lines')} wide>
				<Rows
					label={ti('admin.detail.lines')}
					testId="invoice-lines"
					rowTestId="invoice-line"
					head={[
						ti('document.columns.position'),
						ti('document.columns.description'),
						ti('document.columns.orderAmount'),
						ti('document.columns.rate'),
						ti('document.columns.net'),
					]}
					rows={lines.map((line) => [
						line.position,
						line.orderId ? (
							<LocaleLink to={`/admin/orders/${line.orderId}`} className="underline">
								{line.description}
							</LocaleLink>
						) : (
							line.description
						),
						line.orderAmount === null ? '–' : money(line.orderAmount),
						line.commissionRateBp === null ? '–' : `${line.commissionRateBp / 100} %`,
						money(line.netAmount),
					])}
				/>
			</DetailSection>
			{recreatable || invoice.status === 'Open' ? (
				<DetailSection id="invoice-actions" title={ti('admin.detail.actions')} tone="warning">
					{invoice.status === 'Open' ? (
						<Form method="POST" className="mb-4">
							<button type="submit" name="intent" value="markPaid" className="btn-primary">
								{ti('admin.detail.markPaid')}
							</button>
						</Form>
					) : null}
					{recreatable ? (
						<Form method="POST">
							<p className="mb-2 text-sm">{ti('admin.detail.recreateHint')}</p>
							<button type="submit" name="intent" value="recreate" className="btn-secondary">
								{ti('admin.detail.recreate')}
							</button>
						</Form>
					) : null}
				</DetailSection>
			) : null}
			<AuditHistory entries={loaderData.history} />
		</DetailFrame>
	)
}
