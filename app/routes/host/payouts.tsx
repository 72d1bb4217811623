import { useTranslation } from 'react-i18next'
import type { Route } from './+types/payouts.ts'
import { Facts } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame, DetailSection, Rows } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { getHostPayouts } from '#app/models/money/payouts.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate, formatDateTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/payouts (issue 34, ADR 0177): the host's own balance now (with a bar of the open amount
 * against the payout minimum), the upcoming payout and the orders behind it, and past payouts with
 * their orders (code, date, amount) and status. Only the caller's own rows are ever read.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return getHostPayouts(host)
}

type Line = ReturnType<typeof getHostPayouts>['openLines'][number]

export default function HostPayoutsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('payouts')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const money = (cents: number) => formatAmount(cents, locale)
	const title = pageTitle(tc, 'host/payouts')
	const { balance, open, minimum, weekday, skipReason, openLines, payouts } = loaderData
	const percent =
		minimum > 0 ? Math.max(0, Math.min(100, Math.round((open / minimum) * 100))) : open > 0 ? 100 : 0
	const weekdayText = t(
		`host.weekdays.${weekday === null ? 'none' : String(weekday)}` as 'host.weekdays.none',
	)
	const lineRows = (lines: Line[]) =>
		lines.map((line) => [
			line.orderId ? (
				<LocaleLink key="order" to={`/host/orders/${line.orderId}`} className="font-mono underline">
					{line.orderCode}
				</LocaleLink>
			) : (
				(line.description ?? t(`kinds.${line.kind}` as 'kinds.HostAdjustment'))
			),
			line.checkIn === null ? formatDateTime(line.createdAt, locale) : formatDate(line.checkIn, locale),
			t(`kinds.${line.kind}` as 'kinds.HostAdjustment'),
			<span key="amount" className="whitespace-nowrap tabular-nums">
				{money(line.amount)}
			</span>,
		])
	const head = [t('fields.order'), t('fields.date'), t('fields.kind'), t('fields.amount')]
	const status =
		skipReason === null
			? t('host.upcomingReady', { amount: money(open) })
			: skipReason === 'noIban'
				? t('host.noIban')
				: skipReason === 'negative'
					? t('host.negative')
					: open === 0
						? t('host.noOpen')
						: t('host.belowMinimum', { minimum: money(minimum) })
	return (
		<DetailFrame
			testId="host-payouts"
			title={title}
			subtitle={t('host.intro', { minimum: money(minimum), weekday: weekdayText })}
		>
			<title>{`${title} | ${tc('appName')}`}</title>
			<DetailColumn>
				<DetailSection id="payout-balance" title={t('host.balance')}>
					<p className="text-3xl font-bold tabular-nums" data-testid="host-balance">
						{money(balance)}
					</p>
					<div className="mt-3" aria-hidden="true">
						<div className="h-3 w-full overflow-hidden rounded-full bg-line">
							<div className="h-3 rounded-full bg-primary" style={{ width: `${percent}%` }} />
						</div>
					</div>
					<p className="mt-1 text-sm text-ink-muted" data-testid="payout-progress">
						{t('host.progress', { open: money(open), minimum: money(minimum) })}
					</p>
					<p className="mt-3" role="status" data-testid="payout-status">
						{status}
					</p>
				</DetailSection>
			</DetailColumn>
			<DetailColumn>
				<DetailSection id="payout-upcoming" title={t('host.upcoming')}>
					{openLines.length === 0 ? (
						<p>{t('host.noOpen')}</p>
					) : (
						<Rows
							label={t('host.upcoming')}
							testId="payout-open-lines"
							head={head}
							rows={lineRows(openLines)}
						/>
					)}
				</DetailSection>
			</DetailColumn>
			<DetailSection id="payout-past" title={t('host.past')} wide>
				{payouts.length === 0 ? (
					<p>{t('host.noPast')}</p>
				) : (
					<ul className="flex flex-col gap-3" data-testid="host-past-payouts">
						{payouts.map((payout) => (
							<li key={payout.id} className="rounded border border-line p-3" data-testid="host-payout">
								<Facts
									rows={[
										[t('fields.amount'), <strong>{money(payout.amount)}</strong>],
										[t('columns.status'), <span className="badge">{t(`statuses.${payout.status}`)}</span>],
										[t('columns.createdAt'), formatDateTime(payout.createdAt, locale)],
										[
											t('columns.executedAt'),
											payout.executedAt === null ? '–' : formatDateTime(payout.executedAt, locale),
										],
										[t('fields.iban'), <span className="font-mono">{payout.maskedIban}</span>],
										[t('fields.reference'), <span className="font-mono break-all">{payout.reference}</span>],
									]}
								/>
								<details className="mt-2">
									<summary className="cursor-pointer">
										{t('host.lines', { count: payout.lines.length })}
									</summary>
									<Rows
										label={t('host.past')}
										testId="payout-lines"
										head={head}
										rows={lineRows(payout.lines)}
									/>
								</details>
							</li>
						))}
					</ul>
				)}
			</DetailSection>
		</DetailFrame>
	)
}
