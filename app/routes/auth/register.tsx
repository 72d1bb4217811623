import { parseFormSubmission } from '#app/utils/form-submission.ts'
import type { ReactNode } from 'react'
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
import { areaHomeOf } from '#app/utils/areas.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { TERMS_PATH } from '#app/utils/slugs.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLiveCheck } from '#app/hooks/use-live-check.ts'
import { useLocale, useLocalizePath } from '#app/hooks/use-root-data.ts'

/**
 * /auth/register-guest and /auth/register-host (issue 3): one module, two route
 * ids; the path decides the role. A confirmation e-mail goes out; the account
 * can log in once the address is confirmed.
 */
function isHostPath(url: URL) {
	return stripLocale(url.pathname).startsWith('/auth/register-host')
}

export async function loader({ url, context }: Route.LoaderArgs) {
	const session = getAuth(context).session
	if (session) throw redirect(localizePath(areaHomeOf(session.user.role), getLocale(context)))
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

/**
 * "I accept the terms of use and have read the privacy policy", both linked
 * (issue 31.10). They open in a new tab, so what was typed stays in the form.
 * The text marks the links as <terms>…</terms> and <privacy>…</privacy>; they
 * are cut out here rather than with react-i18next's Trans, which would add its
 * HTML parser to the shell chunk every public page loads (~4 KiB gzipped).
 */
function AcceptTermsLabel() {
	const { t } = useTranslation('auth')
	const localize = useLocalizePath()
	const targets: Record<string, string> = { terms: TERMS_PATH, privacy: '/privacy-policy' }
	const text = t('fields.acceptTermsLinked')
	const parts: ReactNode[] = []
	let from = 0
	for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
		const [whole, name = '', label] = match
		const path = targets[name]
		parts.push(
			text.slice(from, match.index),
			path ? (
				<a
					key={name}
					href={localize(path)}
					target="_blank"
					rel="noopener"
					className="link"
					data-testid={`${name}-link`}
					aria-describedby="new-tab-note"
				>
					{label}
				</a>
			) : (
				label
			),
		)
		from = match.index + whole.length
	}
	parts.push(text.slice(from))
	return (
		<>
			{parts}
			<span id="new-tab-note" className="sr-only">
				{` ${t('fields.newTab')}`}
			</span>
		</>
	)
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
				<CheckboxField field={fields.acceptTerms} label={<AcceptTermsLabel />} required />
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
