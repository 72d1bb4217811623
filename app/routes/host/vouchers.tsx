import { useTranslation } from 'react-i18next'
import { useActionData } from 'react-router'
import type { Route } from './+types/vouchers.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	CreatedCodeCard,
	DiscountCodeForm,
	useVoucherTexts,
	VoucherStatusBadge,
	type VoucherView,
} from '#app/components/vouchers/voucher-parts.tsx'
import { hostPlayroomOptions } from '#app/models/booking/order-queries.server.ts'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import { createHostDiscountCode, listHostVouchers } from '#app/models/vouchers/voucher-offices.server.ts'
import { hostDiscountCodeSchema } from '#app/schemas/voucher-offices.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import {
	createDiscountCodeAction,
	type CreatedCodeActionData,
} from '#app/routes/vouchers/voucher-detail.server.ts'
import { pageTitle } from '#app/utils/page-title.ts'

/**
 * /host/vouchers (issue 33, ADR 0170): the host's discount codes (uses, status, validity) with
 * the create card, and the gift vouchers sold for the host or their playrooms with their open
 * balances. A new code is shown once, in the answer to the post that created it.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return {
		...listHostVouchers(host),
		playrooms: hostPlayroomOptions(host.id),
		idempotencyKey: newTransferKey(),
	}
}

type ActionData = CreatedCodeActionData

export async function action(args: Route.ActionArgs) {
	const host = await requireRole(args, 'Owner')
	return createDiscountCodeAction(args.request, hostDiscountCodeSchema, (value) =>
		createHostDiscountCode(host, value, new Date()),
	)
}

export default function HostVouchersPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tv } = useTranslation('voucherOffices')
	const texts = useVoucherTexts()
	const title = pageTitle(t, 'host/vouchers')
	const created = useActionData<ActionData>()?.created
	const { codes, gifts, openTotal, playrooms } = loaderData
	return (
		<main id="main" data-testid="host-vouchers" className="min-w-0">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-6 text-ink-muted">{tv('host.intro')}</p>
			{created ? <CreatedCodeCard code={created.code} masked={created.masked} /> : null}

			<section aria-labelledby="discount-codes" className="mb-8">
				<h2 id="discount-codes" className="mb-3 text-xl font-semibold">
					{tv('host.codesTitle')}
				</h2>
				{codes.length === 0 ? (
					<p className="card">{tv('host.codesEmpty')}</p>
				) : (
					<ul className="grid gap-3 md:grid-cols-2" aria-labelledby="discount-codes">
						{codes.map((code) => (
							<VoucherCard key={code.id} voucher={code} testId="discount-code">
								<p className="text-sm">
									{tv('columns.uses')}: {texts.uses(code)}
								</p>
							</VoucherCard>
						))}
					</ul>
				)}
			</section>

			<section aria-labelledby="new-discount-code" className="card mb-8 max-w-2xl">
				<h2 id="new-discount-code" className="mb-1 text-xl font-semibold">
					{tv('host.createTitle')}
				</h2>
				<p className="mb-4 text-sm text-ink-muted">{tv('host.createIntro')}</p>
				{playrooms.length === 0 ? (
					<p>{tv('host.noPlayrooms')}</p>
				) : (
					<DiscountCodeForm playrooms={playrooms} idempotencyKey={loaderData.idempotencyKey} />
				)}
			</section>

			<section aria-labelledby="gift-vouchers">
				<h2 id="gift-vouchers" className="mb-1 text-xl font-semibold">
					{tv('host.giftsTitle')}
				</h2>
				<p className="mb-3 text-sm text-ink-muted">{tv('host.giftsIntro')}</p>
				<p className="mb-3 font-semibold" data-testid="open-total">
					{tv('host.openTotal', { amount: texts.money(openTotal) })}
				</p>
				{gifts.length === 0 ? (
					<p className="card">{tv('host.giftsEmpty')}</p>
				) : (
					<ul className="grid gap-3 md:grid-cols-2" aria-labelledby="gift-vouchers">
						{gifts.map((gift) => (
							<VoucherCard key={gift.id} voucher={gift} testId="gift-voucher">
								<p className="text-sm">
									{tv('columns.balance')}: <span className="tabular-nums">{texts.money(gift.balance)}</span>
									{gift.held > 0 ? ` (${tv('columns.held')}: ${texts.money(gift.held)})` : null}
								</p>
							</VoucherCard>
						))}
					</ul>
				)}
			</section>
		</main>
	)
}

function VoucherCard({
	voucher,
	testId,
	children,
}: {
	voucher: VoucherView
	testId: string
	children: React.ReactNode
}) {
	const { t } = useTranslation('voucherOffices')
	const texts = useVoucherTexts()
	return (
		<li className="card min-w-0" data-testid={testId}>
			<div className="mb-1 flex flex-wrap items-center justify-between gap-2">
				<LocaleLink to={`/host/vouchers/${voucher.id}`} className="link font-mono text-lg font-semibold">
					{voucher.code}
				</LocaleLink>
				<VoucherStatusBadge status={voucher.status} />
			</div>
			<p className="text-sm">
				{texts.value(voucher)} · {texts.scope(voucher)}
			</p>
			{children}
			<p className="text-sm text-ink-muted">
				{t('columns.validity')}: {texts.validity(voucher)}
			</p>
		</li>
	)
}
