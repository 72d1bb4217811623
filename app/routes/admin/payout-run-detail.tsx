import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/payout-run-detail.ts'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { Facts } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame, DetailSection, Rows } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { getPayoutRun, markPayoutRunExecuted } from '#app/models/money/payouts.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/payouts/:payoutRunId (issue 34, ADR 0177): one payout run — its facts, the payouts (host,
 * account holder, masked IBAN, amount, EndToEndId) with the total, the download of the pain.001
 * stored at creation (…/sepa), the hosts the run left out (computed now) and "Mark as executed"
 * (idempotent; e-mails each host), with the audit history.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	return getPayoutRun(admin, args.params.payoutRunId)
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const { payoutRunId } = args.params
	const form = await args.request.formData()
	const t = looseT(getT(args.context))
	const here = localizePath(`/admin/payouts/${payoutRunId}`, getLocale(args.context))
	if (form.get('intent') !== 'execute') {
		return redirectWithToast(here, { type: 'danger', description: t('apiErrors.ValidationError') })
	}
	try {
		const { changed } = markPayoutRunExecuted(admin, payoutRunId)
		return redirectWithToast(here, {
			type: 'success',
			description: t(changed ? 'payouts:detail.executed' : 'payouts:detail.alreadyExecuted'),
		})
	} catch (error) {
		if (!isAppError(error)) throw error
		return redirectWithToast(here, { type: 'danger', description: t(error.messageKey, error.params) })
	}
}

export default function AdminPayoutRunPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('payouts')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const { run, payouts, skipped } = loaderData
	const money = (cents: number) => formatAmount(cents, locale)
	const title = t('detail.title', { reference: run.reference })
	const none = t('detail.none')
	const facts: [string, React.ReactNode][] = [
		[t('columns.reference'), <span className="font-mono break-all">{run.reference}</span>],
		[t('columns.status'), t(`statuses.${run.status}`)],
		[t('columns.trigger'), t(`triggers.${run.trigger}`)],
		[t('columns.createdAt'), formatDateTime(run.createdAt, locale)],
		[t('fields.cutoffAt'), formatDateTime(run.cutoffAt, locale)],
		[t('columns.executedAt'), run.executedAt === null ? none : formatDateTime(run.executedAt, locale)],
		[t('columns.payoutCount'), run.payoutCount],
		[t('columns.totalAmount'), <strong data-testid="run-total">{money(run.totalAmount)}</strong>],
	]
	return (
		<DetailFrame
			testId="admin-payout-run"
			title={title}
			badge={<span className="badge">{t(`statuses.${run.status}`)}</span>}
			subtitle={`${money(run.totalAmount)} · ${t('columns.payoutCount')}: ${run.payoutCount}`}
			actions={
				<>
					<LocaleLink to="/admin/payouts" className="btn-secondary">
						{t('detail.back')}
					</LocaleLink>
					<a
						href={localizePath(`/admin/payouts/${run.id}/sepa`, locale)}
						className="btn-secondary"
						download
						data-testid="download-sepa"
					>
						{t('detail.download')}
					</a>
					{run.status === 'Created' ? (
						<Form method="post">
							<input type="hidden" name="intent" value="execute" />
							<button type="submit" className="btn-primary" data-testid="execute">
								{t('detail.execute')}
							</button>
						</Form>
					) : null}
				</>
			}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			<DetailColumn>
				<DetailSection id="payout-run-facts" title={t('detail.facts')}>
					<Facts rows={facts} testId="payout-run-facts-list" />
					{run.status === 'Created' ? (
						<p className="mt-3 text-sm text-ink-muted">{t('detail.executeHint')}</p>
					) : null}
				</DetailSection>
			</DetailColumn>
			<DetailColumn>
				<DetailSection id="payout-run-skipped" title={t('detail.skipped')}>
					{skipped.length === 0 ? (
						<p>{t('detail.noSkipped')}</p>
					) : (
						<Rows
							label={t('detail.skipped')}
							testId="payout-run-skipped-table"
							head={[t('fields.host'), t('fields.open'), t('fields.nextRun')]}
							rows={skipped.map((host) => [
								host.name,
								money(host.open),
								t(`skipReasons.${host.skipReason ?? 'payable'}`),
							])}
						/>
					)}
				</DetailSection>
			</DetailColumn>
			<DetailSection id="payout-run-payouts" title={t('detail.payouts')} wide>
				<Rows
					label={t('detail.payouts')}
					testId="payout-run-payouts-table"
					rowTestId="payout-row"
					head={[
						t('fields.host'),
						t('fields.accountHolder'),
						t('fields.iban'),
						t('fields.amount'),
						t('fields.endToEndId'),
					]}
					rows={[
						...payouts.map((payout) => [
							<LocaleLink key="host" to={`/admin/hosts/${payout.hostId}`} className="underline">
								{payout.hostName}
							</LocaleLink>,
							payout.accountHolder,
							<span key="iban" className="font-mono whitespace-nowrap">
								{payout.maskedIban}
							</span>,
							<span key="amount" className="whitespace-nowrap tabular-nums">
								{money(payout.amount)}
							</span>,
							<span key="e2e" className="font-mono text-xs">
								{payout.endToEndId}
							</span>,
						]),
						[
							<strong key="total">{t('detail.total')}</strong>,
							'',
							'',
							<strong key="sum">{money(run.totalAmount)}</strong>,
							'',
						],
					]}
				/>
			</DetailSection>
			<AuditHistory entries={loaderData.history} />
		</DetailFrame>
	)
}
