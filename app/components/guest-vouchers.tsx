import { useTranslation } from 'react-i18next'
import { voucherScopeLabel } from '#app/domain/voucher-order-scope.ts'
import type { GuestVoucherView, GuestVouchers } from '#app/models/vouchers/guest-vouchers.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { Facts } from './booking-ui.tsx'
import { LocaleLink } from './locale-link.tsx'

/**
 * The "Vouchers" tab of /guest/orders (issue 33, ADR 0171): the vouchers a guest bought, received
 * and the welcome voucher — code as `…-7K3M`, balance or discount, validity, status, and the secret
 * voucher-order page where there is one. Plain links and lists: works without JavaScript, fits 360 px.
 */
export function GuestVoucherList({ vouchers }: { vouchers: GuestVouchers }) {
	const { t } = useTranslation('voucherOrders')
	return (
		<div className="flex flex-col gap-6" data-testid="guest-vouchers">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<p>{t('mine.intro')}</p>
				<LocaleLink to="/public/voucher-orders/new-voucher-order" className="btn-secondary">
					{t('mine.buy')}
				</LocaleLink>
			</div>
			<VoucherSection name="bought" title={t('mine.bought')}>
				{vouchers.bought.length ? (
					<ul className="flex flex-col gap-3">
						{vouchers.bought.map((order) => (
							<BoughtVoucher key={order.id} order={order} />
						))}
					</ul>
				) : (
					<p className="card">{t('mine.noneBought')}</p>
				)}
			</VoucherSection>
			<VoucherSection name="received" title={t('mine.received')}>
				{vouchers.received.length ? (
					<ul className="flex flex-col gap-3">
						{vouchers.received.map((voucher) => (
							<li key={voucher.id} className="card min-w-0" data-testid="voucher-received">
								<VoucherFacts voucher={voucher} />
								<PageLink path={voucher.pagePath} />
							</li>
						))}
					</ul>
				) : (
					<p className="card">{t('mine.noneReceived')}</p>
				)}
			</VoucherSection>
			<VoucherSection name="welcome" title={t('mine.welcome')}>
				<div className="card min-w-0">
					{vouchers.welcome ? (
						<VoucherFacts voucher={vouchers.welcome} />
					) : (
						<p>{vouchers.welcomeWaiting ? t('mine.welcomeWaiting') : t('mine.noWelcome')}</p>
					)}
				</div>
			</VoucherSection>
		</div>
	)
}

/** One part of the tab: its heading names the section (`vouchers-<name>`). */
function VoucherSection({
	name,
	title,
	children,
}: {
	name: string
	title: string
	children: React.ReactNode
}) {
	return (
		<section aria-labelledby={`vouchers-${name}`} data-testid={`vouchers-${name}`}>
			<h2 id={`vouchers-${name}`} className="mb-3 text-xl font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}

function PageLink({ path }: { path: string | null }) {
	const { t } = useTranslation('voucherOrders')
	if (!path) return null
	// The secret link's path is localised already (it carries the token).
	return (
		<p className="mt-3">
			<a href={path} className="link" data-testid="voucher-page-link">
				{t('mine.open')}
			</a>
		</p>
	)
}

function BoughtVoucher({ order }: { order: GuestVouchers['bought'][number] }) {
	const { t } = useTranslation('voucherOrders')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	return (
		<li className="card min-w-0" data-testid="voucher-bought">
			<div className="mb-2 flex flex-wrap items-start justify-between gap-2">
				<p className="min-w-0 font-semibold break-words">
					{formatAmount(order.amount, locale)} · {voucherScopeLabel(order, looseT(tc))}
					{order.childName ? ` · ${t('mine.forChild', { name: order.childName })}` : ''}
				</p>
				<span className="badge">{t(`statuses.${order.status}`)}</span>
			</div>
			<p className="mb-2 font-mono text-sm text-ink-muted">{order.code}</p>
			{order.voucher ? (
				<VoucherFacts voucher={order.voucher} />
			) : order.status === 'AwaitingPayment' ? (
				<p>{t('mine.notIssuedYet')}</p>
			) : null}
			<PageLink path={order.pagePath} />
		</li>
	)
}

function VoucherFacts({ voucher }: { voucher: GuestVoucherView }) {
	const { t } = useTranslation('voucherOrders')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const discount =
		voucher.discountPercent !== null
			? t('mine.discountPercent', { percent: voucher.discountPercent })
			: formatAmount(voucher.discountAmount ?? 0, locale)
	const rows: [string, React.ReactNode][] = [
		[t('mine.code'), <span className="font-mono">…-{voucher.codeLast4}</span>],
		voucher.kind === 'Gift'
			? [t('mine.balance'), formatAmount(voucher.balance, locale)]
			: [
					t('mine.discount'),
					voucher.minOrderAmount
						? `${discount} ${t('mine.minOrder', { amount: formatAmount(voucher.minOrderAmount, locale) })}`
						: discount,
				],
		[t('columns.scope'), voucherScopeLabel(voucher, looseT(tc))],
		[t('mine.validUntil'), voucher.validUntil === null ? '–' : formatDate(voucher.validUntil, locale)],
		[t('mine.status'), t(`voucherStatuses.${voucher.status}`)],
	]
	return <Facts rows={rows} />
}
