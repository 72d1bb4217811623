import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, useActionData, useFetcher } from 'react-router'
import type { Route } from './+types/control-transaction.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import {
	CheckboxField,
	fieldLabels,
	FormAlert,
	getFormProps,
	SubmitButton,
	TextField,
} from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import { newTransferKey } from '#app/models/booking/payments.server.ts'
import { controlTransactionFormSchema, REFERENCE_MAX } from '#app/schemas/admin-payments.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatMoney } from '#app/utils/format.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { refusedTransferForm } from '#app/utils/transfer-form.server.ts'

/**
 * /admin/paymentTransactions/new-control-transaction (issue 14, ADR 0094): an
 * admin records an incoming bank transfer. Matched → the order's admin page
 * with a toast saying confirmed / still due / excess; unmatched → back here
 * with a toast; the same transfer again → a warning that needs a tick.
 */
export async function loader(args: Route.LoaderArgs) {
	await requireRole(args, 'Admin')
	// A fresh key per render (ADR 0142): the same form submitted twice records one transfer.
	return { today: localDateOf(Date.now()), idempotencyKey: newTransferKey() }
}

type ActionData = FormActionData<'record'> & { duplicate?: boolean }

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	const submission = parseFormSubmission(await args.request.formData(), {
		schema: controlTransactionFormSchema,
	})
	if (submission.status !== 'success') return invalidForm('record', submission)
	let result
	try {
		result = recordControlTransaction(submission.value, admin)
	} catch (error) {
		return refusedTransferForm('record', submission, error, { sayAtFields: true })
	}
	const locale = getLocale(args.context) as Locale
	const t = looseT(getT(args.context))
	const money = (cents: number) => formatMoney(cents, locale)
	if (result.outcome === 'duplicate') {
		return data<ActionData>(
			{ intent: 'record', result: submission.reply(), duplicate: true },
			{ status: 409 },
		)
	}
	if (result.outcome === 'unmatched') {
		return redirectWithToast(localizePath('/admin/paymentTransactions/new-control-transaction', locale), {
			type: 'warning',
			description: t('adminPayments:controlTransaction.toast.unmatched', {
				amount: money(submission.value.amount),
			}),
		})
	}
	if (result.outcome === 'voucherOrder') {
		return redirectWithToast(localizePath('/admin/paymentTransactions/new-control-transaction', locale), {
			type: 'success',
			description: t('vouchers:orders.toast.paid', { code: result.voucherOrder.code }),
		})
	}
	const { order, due, excess } = result
	const key =
		excess > 0
			? 'overpaid'
			: order.status === 'Confirmed' && due === 0
				? 'confirmed'
				: due > 0
					? 'partial'
					: 'recorded'
	return redirectWithToast(localizePath(`/admin/orders/${order.id}`, locale), {
		type: 'success',
		description: t(`adminPayments:controlTransaction.toast.${key}`, {
			code: order.code,
			due: money(due),
			excess: money(excess),
		}),
	})
}

type Preview = {
	code: string
	status: string
	guestName: string
	totalAmount: number
	due: number
} | null

/** With JavaScript: the order the reference names, looked up while typing (GET /api/Admin/Payments/MatchOrder). */
function MatchPreview({ reference }: { reference: string }) {
	const { t, i18n } = useTranslation('adminPayments')
	const { t: tb } = useTranslation('booking')
	const fetcher = useFetcher<{ value: Preview }>()
	const { load } = fetcher
	useEffect(() => {
		const text = reference.trim()
		if (text.length < 8) return
		const timer = setTimeout(() => {
			void load(`/api/Admin/Payments/MatchOrder?${new URLSearchParams({ reference: text })}`)
		}, 250)
		return () => clearTimeout(timer)
	}, [reference, load])
	const preview = reference.trim().length < 8 ? null : (fetcher.data?.value ?? null)
	const money = (cents: number) => formatMoney(cents, i18n.language as Locale)
	return (
		<section className="card mb-4" aria-live="polite" data-testid="control-transaction-preview">
			<h2 className="mb-2 text-lg font-semibold">{t('controlTransaction.preview.title')}</h2>
			{preview ? (
				<dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
					<dt className="font-medium">{t('controlTransaction.preview.code')}</dt>
					<dd>{preview.code}</dd>
					<dt className="font-medium">{t('controlTransaction.preview.guest')}</dt>
					<dd>{preview.guestName}</dd>
					<dt className="font-medium">{t('controlTransaction.preview.status')}</dt>
					<dd>{tb(`statuses.${preview.status}`, { defaultValue: preview.status })}</dd>
					<dt className="font-medium">{t('controlTransaction.preview.total')}</dt>
					<dd>{money(preview.totalAmount)}</dd>
					<dt className="font-medium">{t('controlTransaction.preview.due')}</dt>
					<dd>{money(preview.due)}</dd>
				</dl>
			) : (
				<p className="text-sm text-ink-muted">{t('controlTransaction.preview.none')}</p>
			)}
		</section>
	)
}

export default function ControlTransactionPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tp } = useTranslation('adminPayments')
	const actionData = useActionData<ActionData>()
	const duplicate = actionData?.duplicate === true
	const [form, fields] = useAppForm({
		id: 'control-transaction',
		schema: controlTransactionFormSchema,
		lastResult: useFormResult('record'),
		defaultValue: { bookingDate: loaderData.today },
	})
	const [reference, setReference] = useState(String(fields.reference.initialValue ?? ''))
	const title = pageTitle(t, 'admin/paymentTransactions/new')
	return (
		<main id="main" data-testid="admin-control-transaction">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<p className="mb-4 max-w-prose">{tp('controlTransaction.intro')}</p>
			{reference ? <MatchPreview reference={reference} /> : null}
			<Form method="POST" {...getFormProps(form)} className="card max-w-xl">
				<input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
				<FormAlert form={form} labels={fieldLabels(tp, 'adminPayments:controlTransaction')} />
				{duplicate ? (
					<div
						role="alert"
						className="mb-4 rounded border border-warning p-3"
						data-testid="duplicate-warning"
					>
						<h2 className="mb-1 font-semibold">{tp('controlTransaction.duplicate.title')}</h2>
						<p className="mb-3 text-sm">{tp('controlTransaction.duplicate.text')}</p>
						<CheckboxField
							field={fields.confirmDuplicate}
							label={tp('controlTransaction.duplicate.confirm')}
							required
						/>
					</div>
				) : null}
				<TextField
					field={fields.amount}
					label={tp('controlTransaction.amount')}
					hint={tp('controlTransaction.amountHint')}
					required
				/>
				<TextField
					field={fields.bookingDate}
					label={tp('controlTransaction.bookingDate')}
					type="date"
					required
				/>
				<TextField
					field={fields.reference}
					label={tp('controlTransaction.reference')}
					hint={tp('controlTransaction.referenceHint')}
					maxLength={REFERENCE_MAX}
					required
					onInput={(input) => setReference(input.value)}
				/>
				<TextField field={fields.payerName} label={tp('controlTransaction.payerName')} maxLength={140} />
				<SubmitButton className="btn-primary">{tp('controlTransaction.submit')}</SubmitButton>
			</Form>
		</main>
	)
}
