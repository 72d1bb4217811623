import { useTranslation } from 'react-i18next'
import { Form, redirect } from 'react-router'
import type { Route } from './+types/new-voucher-order.ts'
import { useAppForm } from '#app/components/app-form.ts'
import {
	fieldLabels,
	FieldErrors,
	FormAlert,
	getFormProps,
	SelectField,
	SubmitButton,
	TextAreaField,
	TextField,
} from '#app/components/forms.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import {
	createVoucherOrder,
	newVoucherOrderKey,
	voucherOrderFormContext,
} from '#app/models/vouchers/voucher-orders.server.ts'
import { voucherOrderPath } from '#app/models/vouchers/voucher-order-links.server.ts'
import { startVoucherOrderCardPayment } from '#app/models/vouchers/voucher-order-card.server.ts'
import {
	BUYER_NAME_MAX,
	CHILD_NAME_MAX,
	GREETING_MAX,
	VOUCHER_ORDER_PRESETS,
} from '#app/domain/voucher-orders.ts'
import { entityIdField } from '#app/schemas/fields.ts'
import { voucherOrderFormSchema } from '#app/schemas/voucher-orders.ts'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatAmount } from '#app/utils/format.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'
import { isCardPaymentConfigured } from '#app/utils/stripe.server.ts'

/**
 * /public/voucher-orders/new-voucher-order (issue 33, ADR 0168): buy a gift voucher for a
 * child's birthday — a preset or free amount, for every playroom or (opened from a playroom's
 * page, `?playroomId=`) for that playroom or its host, the child's name and a greeting, the buyer
 * (prefilled when logged in), an optional recipient and send date. Pays by bank transfer, or by
 * card when Stripe is configured (ADR 0172: the buyer goes to a Checkout Session at once). Works
 * without JavaScript; the form's idempotency key makes a double click one voucher order.
 */
function playroomIdOf(url: URL): string | null {
	const value = url.searchParams.get('playroomId')
	return value && entityIdField.safeParse(value).success ? value : null
}

export async function loader(args: Route.LoaderArgs) {
	const user = getSessionUser(args.context)
	const context = voucherOrderFormContext(playroomIdOf(args.url), user?.id ?? null)
	return { ...context, cardAvailable: isCardPaymentConfigured(), idempotencyKey: newVoucherOrderKey() }
}

export async function action(args: Route.ActionArgs) {
	const user = getSessionUser(args.context)
	const submission = parseFormSubmission(await args.request.formData(), { schema: voucherOrderFormSchema })
	if (submission.status !== 'success') return invalidForm('order', submission)
	let result
	try {
		result = createVoucherOrder(submission.value, user ? { id: user.id } : null)
	} catch (error) {
		return failedForm('order', submission, error, { sayAtFields: true })
	}
	deliverSoon(result.emailIds)
	const locale = getLocale(args.context)
	const { voucherOrder } = result
	if (voucherOrder.paymentMethod === 'Card' && voucherOrder.status === 'AwaitingPayment') {
		try {
			const { url } = await startVoucherOrderCardPayment(voucherOrder, locale)
			return redirect(url)
		} catch (error) {
			// Stripe did not answer: the order's page offers to try again.
			getLogger().warn({ err: error, voucherOrderId: voucherOrder.id }, 'voucher order card session failed')
		}
	}
	return redirect(voucherOrderPath(voucherOrder, locale))
}

export default function NewVoucherOrderPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tv } = useTranslation('vouchers')
	const locale = useLocale()
	const { playroom, buyer } = loaderData
	const [form, fields] = useAppForm({
		id: 'voucher-order',
		schema: voucherOrderFormSchema,
		lastResult: useFormResult('order'),
		defaultValue: {
			amountChoice: '5000',
			scope: playroom ? 'Playroom' : 'All',
			buyerName: buyer?.name ?? '',
			buyerEmail: buyer?.email ?? '',
			language: locale,
		},
	})
	const title = tv('orders.title')
	const amountChoice = String(fields.amountChoice.initialValue ?? '5000')
	const scope = String(fields.scope.initialValue ?? 'All')
	const scopes = playroom
		? (['Playroom', 'Host', 'All'] as const).map((value) => ({
				value,
				label: tv(`orders.scopeChoices.${value}`, {
					name: value === 'Host' ? playroom.hostName : playroom.name,
				}),
			}))
		: []
	return (
		<main id="main" className="mx-auto max-w-2xl px-4 py-8" data-testid="voucher-order-form">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-6 max-w-prose">{tv('orders.intro')}</p>
			<Form method="POST" {...getFormProps(form)} className="card">
				<input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
				{playroom ? <input type="hidden" name="playroomId" value={playroom.id} /> : null}
				<FormAlert form={form} labels={fieldLabels(tv, 'vouchers:orders.fields')} />
				<fieldset className="mb-4">
					<legend className="mb-2 font-semibold">{tv('orders.fields.amountChoice')}</legend>
					<div className="flex flex-wrap gap-2">
						{[...VOUCHER_ORDER_PRESETS.map(String), 'other'].map((value) => (
							<label key={value} className="flex items-center gap-2 rounded-lg border border-line px-3 py-2">
								<input
									type="radio"
									name={fields.amountChoice.name}
									value={value}
									defaultChecked={value === amountChoice}
								/>
								{value === 'other' ? tv('orders.fields.other') : formatAmount(Number(value), locale)}
							</label>
						))}
					</div>
					<FieldErrors id={fields.amountChoice.errorId} errors={fields.amountChoice.errors} />
				</fieldset>
				<TextField
					field={fields.otherAmount}
					label={tv('orders.fields.otherAmount')}
					hint={tv('orders.fields.otherAmountHint')}
					maxLength={20}
				/>
				{playroom ? (
					<fieldset className="mb-4">
						<legend className="mb-2 font-semibold">{tv('orders.fields.scope')}</legend>
						<div className="flex flex-col gap-2">
							{scopes.map((option) => (
								<label key={option.value} className="flex items-center gap-2">
									<input
										type="radio"
										name={fields.scope.name}
										value={option.value}
										defaultChecked={option.value === scope}
									/>
									{option.label}
								</label>
							))}
						</div>
						<FieldErrors id={fields.scope.errorId} errors={fields.scope.errors} />
					</fieldset>
				) : (
					<div className="mb-4">
						<input type="hidden" name="scope" value="All" />
						<p className="font-semibold">{tv('orders.fields.scope')}</p>
						<p>{tv('orders.scopeChoices.All')}</p>
						<p className="text-sm text-ink-muted">{tv('orders.playroomHint')}</p>
						<FieldErrors id={fields.scope.errorId} errors={fields.scope.errors} />
					</div>
				)}
				<TextField
					field={fields.childName}
					label={tv('orders.fields.childName')}
					maxLength={CHILD_NAME_MAX}
					required
				/>
				<TextAreaField
					field={fields.greeting}
					label={tv('orders.fields.greeting')}
					maxLength={GREETING_MAX}
					rows={4}
				/>
				<TextField
					field={fields.buyerName}
					label={tv('orders.fields.buyerName')}
					maxLength={BUYER_NAME_MAX}
					autoComplete="name"
					required
				/>
				<TextField
					field={fields.buyerEmail}
					label={tv('orders.fields.buyerEmail')}
					type="email"
					autoComplete="email"
					required
				/>
				<TextField
					field={fields.recipientEmail}
					label={tv('orders.fields.recipientEmail')}
					hint={tv('orders.fields.recipientEmailHint')}
					type="email"
				/>
				<TextField
					field={fields.sendDate}
					label={tv('orders.fields.sendDate')}
					hint={tv('orders.fields.sendDateHint')}
					type="date"
				/>
				<SelectField
					field={fields.language}
					label={tv('orders.fields.language')}
					options={(['de', 'en'] as const).map((value) => ({
						value,
						label: tv(`orders.languages.${value}`),
					}))}
				/>
				{loaderData.cardAvailable ? (
					<fieldset className="mb-4">
						<legend className="mb-2 font-semibold">{tv('orders.fields.payment')}</legend>
						<div className="flex flex-col gap-2">
							{(['BankTransfer', 'Card'] as const).map((value) => (
								<label key={value} className="flex items-start gap-2">
									<input
										type="radio"
										name={fields.paymentMethod.name}
										value={value}
										defaultChecked={value === (fields.paymentMethod.initialValue ?? 'BankTransfer')}
										className="mt-1"
									/>
									<span className="text-sm">
										{tv(value === 'Card' ? 'orders.payment.card' : 'orders.payment.bankTransfer')}
									</span>
								</label>
							))}
						</div>
						<FieldErrors id={fields.paymentMethod.errorId} errors={fields.paymentMethod.errors} />
					</fieldset>
				) : (
					<div className="mb-4">
						<p className="font-semibold">{tv('orders.fields.payment')}</p>
						<p className="text-sm">{tv('orders.payment.bankTransfer')}</p>
						<FieldErrors id={fields.paymentMethod.errorId} errors={fields.paymentMethod.errors} />
					</div>
				)}
				<p className="mb-4 text-sm text-ink-muted">{tv('orders.hostLeaves')}</p>
				<SubmitButton>{tv('orders.submit')}</SubmitButton>
			</Form>
		</main>
	)
}
