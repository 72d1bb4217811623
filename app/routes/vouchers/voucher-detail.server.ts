import { data, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import { adminAdjustVoucher, cancelVoucher } from '#app/models/vouchers/voucher-offices.server.ts'
import { maskedVoucherCode } from '#app/domain/voucher-codes.ts'
import { adjustVoucherSchema, cancelVoucherSchema } from '#app/schemas/voucher-offices.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatMoney } from '#app/utils/format.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The actions of a voucher's detail page (issue 33, ADR 0170), for the host's
 * /host/vouchers/:voucherId (cancel their own discount code) and the admin's
 * /admin/vouchers/:voucherId (cancel any voucher, adjust a gift voucher's balance). The model
 * authorises against the caller; bad input is a translated message and changes nothing.
 */
export async function voucherDetailAction(
	args: { request: Request; context: Readonly<RouterContextProvider> },
	caller: SessionUser,
	voucherId: string,
	area: 'host' | 'admin',
) {
	const form = await args.request.formData()
	const intent = String(form.get('intent') ?? '')
	const locale = getLocale(args.context) as Locale
	const t = looseT(getT(args.context))
	const back = localizePath(`/${area}/vouchers/${voucherId}`, locale)
	if (intent === 'cancel') {
		const submission = parseFormSubmission(form, { schema: cancelVoucherSchema })
		if (submission.status !== 'success') return invalidForm(intent, submission)
		try {
			const voucher = cancelVoucher(caller, { voucherId, reason: submission.value.reason }, new Date())
			return redirectWithToast(back, {
				type: 'success',
				description: t('voucherOffices:toast.cancelled', { code: maskedVoucherCode(voucher.codeLast4) }),
			})
		} catch (error) {
			return failedForm(intent, submission, error)
		}
	}
	if (intent === 'adjust' && area === 'admin') {
		const submission = parseFormSubmission(form, { schema: adjustVoucherSchema })
		if (submission.status !== 'success') return invalidForm(intent, submission)
		const { direction, amount, reason, idempotencyKey } = submission.value
		try {
			const { transaction, code } = adminAdjustVoucher(
				caller,
				{ voucherId, amount: direction === 'debit' ? -amount : amount, reason, idempotencyKey },
				new Date(),
			)
			return redirectWithToast(back, {
				type: 'success',
				description: t('voucherOffices:toast.adjusted', {
					code,
					balance: formatMoney(transaction.balanceAfter, locale),
				}),
			})
		} catch (error) {
			return failedForm(intent, submission, error, { sayAtFields: true })
		}
	}
	return new Response(null, { status: 400 })
}

/** The create card's answer: the new code in full, shown this once (only its hash is stored). */
export type CreatedCodeActionData = FormActionData<'create'> & {
	created?: { code: string | null; masked: string }
}

/**
 * The create card's post on /host/vouchers and /admin/vouchers: the form checked by its schema,
 * the code made by the caller's model function (which authorises), the answer carrying the code.
 */
export async function createDiscountCodeAction<S extends z.ZodType>(
	request: Request,
	schema: S,
	create: (value: z.output<S>) => { voucher: { codeLast4: string }; code: string | null },
) {
	const submission = parseFormSubmission(await request.formData(), { schema })
	if (submission.status !== 'success') return invalidForm('create', submission)
	try {
		const { voucher, code } = create(submission.value as z.output<S>)
		return data<CreatedCodeActionData>({
			intent: 'create',
			result: submission.reply({ resetForm: true }),
			created: { code, masked: maskedVoucherCode(voucher.codeLast4) },
		})
	} catch (error) {
		return failedForm('create', submission, error, { sayAtFields: true })
	}
}
