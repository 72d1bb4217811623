import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { Form, redirect } from 'react-router'
import type { Route } from './+types/register.ts'
import {
	EmailField,
	InvoiceAddressFields,
	NewPasswordFields,
	PersonFields,
} from '#app/components/account-fields.tsx'
import { AuthPage } from '#app/components/auth-page.tsx'
import { CheckboxField, fieldLabels, FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { registerUser } from '#app/models/accounts/account.server.ts'
import { registerGuestSchema, registerHostSchema } from '#app/schemas/auth.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLiveCheck } from '#app/hooks/use-live-check.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /auth/register-guest and /auth/register-host (issue 3): one module, two route
 * ids; the path decides the role. A confirmation e-mail goes out; the account
 * can log in once the address is confirmed.
 */
function isHostPath(url: URL) {
	return stripLocale(url.pathname).startsWith('/auth/register-host')
}

export async function loader({ url, context }: Route.LoaderArgs) {
	if (getAuth(context).session) throw redirect(localizePath('/', getLocale(context)))
	return { host: isHostPath(url) }
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const host = isHostPath(url)
	const submission = parseFormSubmission(await request.formData(), {
		schema: host ? registerHostSchema : registerGuestSchema,
	})
	if (submission.status !== 'success') return invalidForm('register', submission)
	const locale = getLocale(context)
	try {
		await registerUser({ ...submission.value, role: host ? 'Owner' : 'Customer' }, { locale })
	} catch (error) {
		return failedForm('register', submission, error, { sayAtFields: true })
	}
	return redirectWithToast(localizePath('/login', locale), {
		type: 'info',
		description: looseT(getT(context))('auth:register.done', { email: submission.value.email }),
	})
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const locale = useLocale()
	const host = loaderData.host
	const [form, fields] = useAppForm({
		id: host ? 'register-host' : 'register-guest',
		schema: host ? registerHostSchema : registerGuestSchema,
		lastResult: actionData?.result,
		defaultValue: { langPreference: locale },
	})
	const emailCheck = useLiveCheck('emailExists', 'email')
	const nameCheck = useLiveCheck('displayNameExists', 'name')
	const hostFields = fields as unknown as Record<keyof typeof registerHostSchema.shape, typeof fields.email>
	return (
		<AuthPage
			title={t(host ? 'register.hostTitle' : 'register.guestTitle')}
			intro={t(host ? 'register.hostIntro' : 'register.guestIntro')}
			wide
		>
			<Form method="POST" {...getFormProps(form)} data-testid="register-form">
				<FormAlert form={form} labels={fieldLabels(t, 'auth:fields')} />
				<EmailField
					field={fields.email}
					label={t('fields.email')}
					liveCheck={{ onBlur: emailCheck.check, error: emailCheck.taken ? t('register.emailTaken') : null }}
				/>
				<NewPasswordFields password={fields.password} label={t('fields.password')} />
				<PersonFields
					fields={fields}
					displayNameCheck={{
						onBlur: nameCheck.check,
						error: nameCheck.taken ? t('register.displayNameTaken') : null,
					}}
				/>
				{host ? (
					<fieldset className="mb-4 rounded-lg border border-line p-4">
						<legend className="px-1 font-semibold">{t('register.invoiceAddress')}</legend>
						<InvoiceAddressFields fields={hostFields} />
					</fieldset>
				) : null}
				<CheckboxField field={fields.acceptTerms} label={t('fields.acceptTerms')} required />
				<SubmitButton>{t('register.submit')}</SubmitButton>
			</Form>
			<div className="mt-6 flex flex-col gap-2 text-sm">
				<p>
					{t('register.haveAccount')}{' '}
					<LocaleLink to="/login" className="link">
						{t('register.loginLink')}
					</LocaleLink>
				</p>
				<p>
					{t(host ? 'register.asGuest' : 'register.asHost')}{' '}
					<LocaleLink to={host ? '/auth/register-guest' : '/auth/register-host'} className="link">
						{t(host ? 'login.registerGuest' : 'login.registerHost')}
					</LocaleLink>
				</p>
			</div>
		</AuthPage>
	)
}
