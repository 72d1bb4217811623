import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { Form, redirect } from 'react-router'
import type { Route } from './+types/register.ts'
import { AuthPage } from '#app/components/auth-page.tsx'
import {
	CheckboxField,
	FormAlert,
	getFormProps,
	SelectField,
	SubmitButton,
	TextField,
	useAppForm,
} from '#app/components/forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { registerUser } from '#app/models/account.server.ts'
import { LIMITS, registerGuestSchema, registerHostSchema } from '#app/schemas/auth.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLiveCheck } from '#app/utils/use-live-check.ts'
import { useLocale } from '#app/utils/use-root-data.ts'

/**
 * /auth/register-guest and /auth/register-host (issue 3): one module, two route
 * ids; the path decides the role. A confirmation e-mail goes out; the account
 * can log in once the address is confirmed.
 */
function isHostPath(request: Request) {
	return stripLocale(new URL(request.url).pathname).startsWith('/auth/register-host')
}

export async function loader({ request, context }: Route.LoaderArgs) {
	if (getAuth(context).session) throw redirect(localizePath('/', getLocale(context)))
	return { host: isHostPath(request) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const host = isHostPath(request)
	const submission = parseWithZod(await request.formData(), {
		schema: host ? registerHostSchema : registerGuestSchema,
	})
	if (submission.status !== 'success') return invalidForm('register', submission)
	const locale = getLocale(context)
	try {
		await registerUser({ ...submission.value, role: host ? 'Owner' : 'Customer' }, { locale })
	} catch (error) {
		return failedForm('register', submission, error)
	}
	return redirectWithToast(localizePath('/login', locale), {
		type: 'info',
		description: looseT(getT(context))('auth:register.done', { email: submission.value.email }),
	})
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const { t: tc } = useTranslation()
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
				<FormAlert form={form} />
				<TextField
					field={fields.email}
					label={t('fields.email')}
					type="email"
					required
					maxLength={LIMITS.email}
					autoComplete="email"
					onBlur={emailCheck.check}
					extraError={emailCheck.taken ? t('register.emailTaken') : null}
				/>
				<TextField
					field={fields.password}
					label={t('fields.password')}
					type="password"
					required
					maxLength={LIMITS.passwordMax}
					autoComplete="new-password"
					hint={t('fields.passwordHint')}
				/>
				<div className="grid gap-x-4 sm:grid-cols-2">
					<TextField
						field={fields.firstName}
						label={t('fields.firstName')}
						required
						maxLength={LIMITS.name}
						autoComplete="given-name"
					/>
					<TextField
						field={fields.lastName}
						label={t('fields.lastName')}
						required
						maxLength={LIMITS.name}
						autoComplete="family-name"
					/>
				</div>
				<TextField
					field={fields.displayName}
					label={t('fields.displayName')}
					required
					maxLength={LIMITS.displayName}
					hint={t('fields.displayNameHint')}
					onBlur={nameCheck.check}
					extraError={nameCheck.taken ? t('register.displayNameTaken') : null}
				/>
				<TextField
					field={fields.phoneNumber}
					label={`${t('fields.phoneNumber')} (${t('fields.optional')})`}
					type="tel"
					maxLength={LIMITS.phone}
					autoComplete="tel"
				/>
				<SelectField
					field={fields.langPreference}
					label={t('fields.langPreference')}
					options={[
						{ value: 'de', label: tc('language.name.de') },
						{ value: 'en', label: tc('language.name.en') },
					]}
				/>
				{host ? (
					<fieldset className="mb-4 rounded-lg border border-line p-4">
						<legend className="px-1 font-semibold">{t('register.invoiceAddress')}</legend>
						<TextField
							field={hostFields.companyName}
							label={t('fields.companyName')}
							maxLength={LIMITS.company}
							autoComplete="organization"
						/>
						<TextField
							field={hostFields.street}
							label={t('fields.street')}
							maxLength={LIMITS.street}
							autoComplete="street-address"
						/>
						<div className="grid gap-x-4 sm:grid-cols-2">
							<TextField
								field={hostFields.postalCode}
								label={t('fields.postalCode')}
								maxLength={LIMITS.postalCode}
								autoComplete="postal-code"
							/>
							<TextField
								field={hostFields.city}
								label={t('fields.city')}
								maxLength={LIMITS.city}
								autoComplete="address-level2"
							/>
						</div>
						<div className="grid gap-x-4 sm:grid-cols-2">
							<TextField
								field={hostFields.country}
								label={t('fields.country')}
								maxLength={LIMITS.country}
								autoComplete="country-name"
							/>
							<TextField field={hostFields.vatId} label={t('fields.vatId')} maxLength={LIMITS.vatId} />
						</div>
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
