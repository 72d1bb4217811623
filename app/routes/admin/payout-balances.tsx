import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/payout-balances.ts'
import { useAppForm } from '#app/components/app-form.ts'
import { Rows } from '#app/components/detail-frame.tsx'
import {
	fieldLabels,
	FormAlert,
	getFormProps,
	SelectField,
	SubmitButton,
	TextField,
} from '#app/components/forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import { adjustHostBalance, getHostBalancesPage } from '#app/models/money/payouts.server.ts'
import { hostAdjustmentFormSchema } from '#app/schemas/payouts.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatAmount } from '#app/utils/format.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/payouts/balances (issue 34, ADR 0177): every host's balance (−Σ HostPayable), the part the
 * next run would pay (open up to now), whether a valid IBAN is on file and why a run would skip
 * them; and the adjustment form (± euros with a reason, the render's key: a double submit books
 * once; audited on the host).
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	return { ...getHostBalancesPage(admin), idempotencyKey: newTransferKey() }
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	const submission = parseFormSubmission(await args.request.formData(), { schema: hostAdjustmentFormSchema })
	if (submission.status !== 'success') return invalidForm('adjust', submission)
	let result
	try {
		result = adjustHostBalance(admin, submission.value)
	} catch (error) {
		return failedForm('adjust', submission, error, { sayAtFields: true })
	}
	const locale = getLocale(args.context) as Locale
	const t = looseT(getT(args.context))
	return redirectWithToast(localizePath('/admin/payouts/balances', locale), {
		type: 'success',
		description: t(result.changed ? 'payouts:admin.adjust.done' : 'payouts:admin.adjust.repeated'),
	})
}

export default function AdminPayoutBalancesPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tp } = useTranslation('payouts')
	const locale = useLocale()
	const title = tp('admin.balances.title')
	const money = (cents: number) => formatAmount(cents, locale)
	const [form, fields] = useAppForm({
		id: 'host-adjustment',
		schema: hostAdjustmentFormSchema,
		lastResult: useFormResult('adjust'),
	})
	return (
		<main id="main" data-testid="admin-payout-balances">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<p className="mb-4">
				<LocaleLink to="/admin/payouts" className="link">
					{tp('detail.back')}
				</LocaleLink>
			</p>
			<section className="card mb-6" aria-labelledby="balances-title">
				<h2 id="balances-title" className="mb-3 text-xl font-semibold">
					{tp('fields.balance')}
				</h2>
				{loaderData.balances.length === 0 ? (
					<p>{tp('admin.balances.empty')}</p>
				) : (
					<Rows
						label={title}
						testId="host-balances"
						rowTestId="host-balance-row"
						head={[
							tp('fields.host'),
							tp('fields.balance'),
							tp('fields.open'),
							tp('fields.ibanPresent'),
							tp('fields.nextRun'),
						]}
						rows={loaderData.balances.map((host) => [
							<LocaleLink key="host" to={`/admin/hosts/${host.hostId}`} className="underline">
								{host.name}
							</LocaleLink>,
							<span key="balance" className="whitespace-nowrap tabular-nums">
								{money(host.balance)}
							</span>,
							<span key="open" className="whitespace-nowrap tabular-nums">
								{money(host.open)}
							</span>,
							<span key="iban" className="whitespace-nowrap">
								{host.hasIban ? `${tp('yes')} (${host.maskedIban})` : tp('no')}
							</span>,
							tp(`skipReasons.${host.skipReason ?? 'payable'}`),
						])}
					/>
				)}
			</section>
			<section className="card max-w-xl" aria-labelledby="adjust-title" data-testid="host-adjustment">
				<h2 id="adjust-title" className="mb-2 text-xl font-semibold">
					{tp('admin.adjust.title')}
				</h2>
				<p className="mb-3 text-sm text-ink-muted">{tp('admin.adjust.intro')}</p>
				<Form method="POST" {...getFormProps(form)}>
					<input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
					<FormAlert form={form} labels={fieldLabels(tp, 'payouts:admin.adjust')} />
					<SelectField
						field={fields.hostId}
						label={tp('admin.adjust.host')}
						options={[
							{ value: '', label: tp('admin.adjust.choose') },
							...loaderData.hosts.map((host) => ({
								value: host.id,
								label: `${host.displayName} (${host.email})`,
							})),
						]}
					/>
					<TextField field={fields.amount} label={tp('admin.adjust.amount')} required />
					<TextField field={fields.reason} label={tp('admin.adjust.reason')} maxLength={200} required />
					<SubmitButton className="btn-primary">{tp('admin.adjust.submit')}</SubmitButton>
				</Form>
			</section>
		</main>
	)
}
