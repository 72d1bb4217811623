import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/reset-password.ts'
import { NewPasswordFields } from '#app/components/account-fields.tsx'
import { AuthPage, Notice } from '#app/components/auth-page.tsx'
import { fieldLabels, FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { tokenError } from '#app/models/accounts/account.server.ts'
import { checkResetToken, resetPassword } from '#app/models/accounts/credentials.server.ts'
import { resetPasswordFormSchema } from '#app/schemas/auth.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { assertValidRouteParams } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /auth/ResetPassword/:userId/:token — opening the link only checks it (mail
 * scanners may open links); the token is spent when the new password is saved.
 */
export async function loader({ params }: Route.LoaderArgs) {
	assertValidRouteParams(params)
	const status = checkResetToken(params.userId, params.token)
	return status === 'valid'
		? { valid: true as const }
		: { valid: false as const, messageKey: tokenError(status).messageKey }
}

export async function action({ request, params, context }: Route.ActionArgs) {
	assertValidRouteParams(params)
	const submission = parseFormSubmission(await request.formData(), { schema: resetPasswordFormSchema })
	if (submission.status !== 'success') return invalidForm('reset', submission)
	try {
		await resetPassword({
			userId: params.userId,
			token: params.token,
			password: submission.value.newPassword,
			field: 'newPassword',
		})
	} catch (error) {
		return failedForm('reset', submission, error)
	}
	return redirectWithToast(localizePath('/login', getLocale(context)), {
		type: 'success',
		description: looseT(getT(context))('auth:resetPassword.success'),
	})
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const { t: tc } = useTranslation()
	const [form, fields] = useAppForm({
		id: 'reset-password',
		schema: resetPasswordFormSchema,
		lastResult: actionData?.result,
	})
	if (!loaderData.valid) {
		return (
			<AuthPage title={t('resetPassword.title')}>
				<Notice tone="danger" testId="reset-invalid">
					{tc(loaderData.messageKey as 'toast.unknownError')}
				</Notice>
				<LocaleLink to="/login?panel=forgot" className="link">
					{t('resetPassword.requestNew')}
				</LocaleLink>
			</AuthPage>
		)
	}
	return (
		<AuthPage title={t('resetPassword.title')} intro={t('resetPassword.intro')}>
			<Form method="POST" {...getFormProps(form)} data-testid="reset-form">
				<FormAlert form={form} labels={fieldLabels(t, 'auth:fields')} />
				<NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />

				<SubmitButton>{t('resetPassword.submit')}</SubmitButton>
			</Form>
		</AuthPage>
	)
}
