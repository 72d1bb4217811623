import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import type { Route } from './+types/edit.ts'
import {
	CheckboxField,
	fieldLabels,
	FormAlert,
	getFormProps,
	SelectField,
	SubmitButton,
} from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import {
	CurrentPasswordField,
	EmailField,
	InvoiceAddressFields,
	NewPasswordFields,
	PersonFields,
} from '#app/components/account-fields.tsx'
import { DeleteAccountForm } from '#app/components/delete-account-form.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import {
	deleteOwnAccount,
	requireUserRow,
	updateEmailSettings,
	updateInvoiceAddress,
	updateProfile,
} from '#app/models/accounts/account.server.ts'
import { changePassword, requestEmailChange } from '#app/models/accounts/credentials.server.ts'
import {
	CHAT_EMAIL_FREQUENCIES,
	deleteAccountSchema,
	emailSettingsFormSchema,
	invoiceAddressSchema,
	profileSchema,
} from '#app/schemas/account.ts'
import { changePasswordFormSchema, requestChangeEmailSchema } from '#app/schemas/auth.ts'
import { clearAuthCookies, requestMeta, setSessionCookie } from '#app/utils/account-session.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { requireAreaSession } from './area.server.ts'

/**
 * /guest/account/edit, /host/account/edit, /admin/account/edit (issue 3): one
 * module under three route ids. Profile (language preference used for
 * e-mails), invoice address (hosts), e-mail settings (guests and hosts: how often unread chat
 * messages are e-mailed, ADR 0164), change of e-mail and of
 * password; hosts can delete their account here, guests on /guest/account/delete.
 */
export async function loader(args: Route.LoaderArgs) {
	const { session, area } = await requireAreaSession(args)
	const row = requireUserRow(session.user.id)
	return {
		area,
		impersonating: Boolean(session.impersonatorUserId),
		email: row.email,
		profile: {
			firstName: row.firstName,
			lastName: row.lastName,
			displayName: row.displayName,
			phoneNumber: row.phoneNumber ?? '',
			langPreference: row.langPreference,
		},
		invoice: {
			companyName: row.companyName ?? '',
			street: row.street ?? '',
			postalCode: row.postalCode ?? '',
			city: row.city ?? '',
			country: row.country ?? '',
			vatId: row.vatId ?? '',
		},
		emailSettings: {
			allowEmailForBookings: row.allowEmailForBookings ? 'on' : '',
			allowEmailForPersonalOffers: row.allowEmailForPersonalOffers ? 'on' : '',
			allowEmailForFeedback: row.allowEmailForFeedback ? 'on' : '',
			chatEmailFrequency: row.chatEmailFrequency,
		},
	}
}

type Intent = 'profile' | 'invoice' | 'emailSettings' | 'changeEmail' | 'changePassword' | 'deleteAccount'

export async function action(args: Route.ActionArgs) {
	const { request, context } = args
	const { session, area } = await requireAreaSession(args)
	const form = await request.formData()
	const intent = String(form.get('intent')) as Intent
	const t = looseT(getT(context))
	const locale = getLocale(context)
	const here = localizePath(`/${area}/account/edit`, locale)
	const saved = (key: string, params?: Record<string, unknown>) =>
		redirectWithToast(here, { type: 'success', description: t(key, params) })

	async function run<S extends Parameters<typeof parseFormSubmission>[1]['schema']>(
		schema: S,
		work: (value: never) => Promise<Response> | Response,
	) {
		const submission = parseFormSubmission(form, { schema })
		if (submission.status !== 'success') return invalidForm(intent, submission)
		try {
			return await work(submission.value as never)
		} catch (error) {
			return failedForm(intent, submission, error)
		}
	}

	switch (intent) {
		case 'profile':
			return run(profileSchema, (value) => {
				updateProfile(session.user.id, value)
				return saved('account:edit.profileSaved')
			})
		case 'invoice':
			return run(invoiceAddressSchema, (value) => {
				updateInvoiceAddress(session.user, value)
				return saved('account:edit.invoiceSaved')
			})
		case 'emailSettings':
			return run(emailSettingsFormSchema, (value) => {
				updateEmailSettings(session.user.id, value, {
					ip: requestMeta(args).ip ?? null,
					language: locale,
					// An admin acting as the user changes it for them: recorded as the admin's (ADR 0169).
					source: session.impersonatorUserId ? 'Admin' : 'Account',
				})
				return saved('account:edit.emailSettingsSaved')
			})
		case 'changeEmail':
			return run(requestChangeEmailSchema, async (value: { newEmail: string; password: string }) => {
				await requestEmailChange(session, value)
				return saved('account:edit.changeEmailSent', { email: value.newEmail })
			})
		case 'changePassword':
			return run(changePasswordFormSchema, async (value) => {
				setSessionCookie(context, await changePassword(session, value, requestMeta(args)))
				return saved('account:edit.passwordChanged')
			})
		case 'deleteAccount':
			return run(deleteAccountSchema, async (value: { password: string }) => {
				await deleteOwnAccount(session, value)
				clearAuthCookies(context)
				return redirectWithToast(localizePath('/', locale), {
					type: 'success',
					description: t('account:delete.done'),
				})
			})
		default:
			return new Response(null, { status: 400 })
	}
}

function Section({
	title,
	hint,
	children,
	id,
}: {
	title: string
	hint?: string
	children: React.ReactNode
	id: string
}) {
	return (
		<section className="card mb-6" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`} className="mb-1 text-xl font-semibold">
				{title}
			</h2>
			{hint ? <p className="mb-4 text-sm text-ink-muted">{hint}</p> : null}
			{children}
		</section>
	)
}

const useResult = (intent: Intent) => useFormResult(intent)

function ProfileForm({ data }: { data: Route.ComponentProps['loaderData'] }) {
	const { t: ta } = useTranslation('account')
	const [form, fields] = useAppForm({
		id: 'profile',
		schema: profileSchema,
		lastResult: useResult('profile'),
		defaultValue: data.profile,
	})
	return (
		<Section id="profile" title={ta('edit.profile')}>
			<Form method="POST" {...getFormProps(form)}>
				<FormAlert form={form} labels={fieldLabels(ta, 'auth:fields')} />
				<input type="hidden" name="intent" value="profile" />
				<PersonFields fields={fields} />
				<SubmitButton className="btn-primary">{ta('edit.save')}</SubmitButton>
			</Form>
		</Section>
	)
}

function InvoiceForm({ data }: { data: Route.ComponentProps['loaderData'] }) {
	const { t: ta } = useTranslation('account')
	const [form, fields] = useAppForm({
		id: 'invoice',
		schema: invoiceAddressSchema,
		lastResult: useResult('invoice'),
		defaultValue: data.invoice,
	})
	return (
		<Section id="invoice" title={ta('edit.invoiceAddress')} hint={ta('edit.invoiceHint')}>
			<Form method="POST" {...getFormProps(form)}>
				<FormAlert form={form} labels={fieldLabels(ta, 'auth:fields')} />
				<input type="hidden" name="intent" value="invoice" />
				<InvoiceAddressFields fields={fields} />
				<SubmitButton className="btn-primary">{ta('edit.save')}</SubmitButton>
			</Form>
		</Section>
	)
}

function EmailSettingsForm({ data }: { data: Route.ComponentProps['loaderData'] }) {
	const { t: ta } = useTranslation('account')
	const [form, fields] = useAppForm({
		id: 'email-settings',
		schema: emailSettingsFormSchema,
		lastResult: useResult('emailSettings'),
		defaultValue: data.emailSettings,
	})
	return (
		<Section id="email-settings" title={ta('edit.emailSettings')}>
			<Form method="POST" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="emailSettings" />
				<CheckboxField field={fields.allowEmailForBookings} label={ta('edit.allowEmailForBookings')} />
				<CheckboxField
					field={fields.allowEmailForPersonalOffers}
					label={ta('edit.allowEmailForPersonalOffers')}
				/>
				<CheckboxField field={fields.allowEmailForFeedback} label={ta('edit.allowEmailForFeedback')} />
				{data.area === 'admin' ? null : (
					<SelectField
						field={fields.chatEmailFrequency}
						label={ta('edit.chatEmailFrequency')}
						options={CHAT_EMAIL_FREQUENCIES.map((value) => ({
							value,
							label: ta(`edit.chatEmailFrequencies.${value}`),
						}))}
					/>
				)}
				<SubmitButton className="btn-primary">{ta('edit.save')}</SubmitButton>
			</Form>
		</Section>
	)
}

function ChangeEmailForm({ data }: { data: Route.ComponentProps['loaderData'] }) {
	const { t } = useTranslation('auth')
	const { t: ta } = useTranslation('account')
	const [form, fields] = useAppForm({
		id: 'change-email',
		schema: requestChangeEmailSchema,
		lastResult: useResult('changeEmail'),
	})
	return (
		<Section id="change-email" title={ta('edit.changeEmail')} hint={ta('edit.changeEmailHint')}>
			<p className="mb-4 text-sm">{ta('edit.currentEmail', { email: data.email })}</p>
			<Form method="POST" {...getFormProps(form)}>
				<FormAlert form={form} labels={fieldLabels(t, 'auth:fields')} />
				<input type="hidden" name="intent" value="changeEmail" />
				<EmailField field={fields.newEmail} label={t('fields.newEmail')} />
				<CurrentPasswordField field={fields.password} />
				<SubmitButton className="btn-primary">{ta('edit.changeEmail')}</SubmitButton>
			</Form>
		</Section>
	)
}

function ChangePasswordForm() {
	const { t: ta } = useTranslation('account')
	const [form, fields] = useAppForm({
		id: 'change-password',
		schema: changePasswordFormSchema,
		lastResult: useResult('changePassword'),
	})
	return (
		<Section id="change-password" title={ta('edit.changePassword')} hint={ta('edit.changePasswordHint')}>
			<Form method="POST" {...getFormProps(form)}>
				<FormAlert form={form} labels={fieldLabels(ta, 'auth:fields')} />
				<input type="hidden" name="intent" value="changePassword" />
				<CurrentPasswordField field={fields.currentPassword} />
				<NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />

				<SubmitButton className="btn-primary">{ta('edit.changePassword')}</SubmitButton>
			</Form>
		</Section>
	)
}

export default function AccountEditPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('account')
	const location = useLocation()
	const title = pageTitle(t, `${loaderData.area}/account/edit`)
	return (
		<main id="main" data-testid="account-edit" key={location.key}>
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<p className="mb-6 text-ink-muted">{ta('edit.intro')}</p>
			<ProfileForm data={loaderData} />
			{loaderData.area === 'host' ? <InvoiceForm data={loaderData} /> : null}
			<EmailSettingsForm data={loaderData} />
			{loaderData.impersonating ? (
				<p className="card mb-6 font-medium" data-testid="impersonation-note">
					{ta('edit.impersonationNote')}
				</p>
			) : (
				<>
					<ChangeEmailForm data={loaderData} />
					<ChangePasswordForm />
					{loaderData.area === 'guest' ? (
						<LocaleLink to="/guest/account/delete" className="link">
							{ta('edit.deleteLink')}
						</LocaleLink>
					) : null}
					{loaderData.area === 'host' ? (
						<Section id="delete" title={ta('edit.deleteHost')} hint={ta('edit.deleteHostHint')}>
							<DeleteAccountForm intent="deleteAccount" submitLabel={ta('delete.submit')} />
						</Section>
					) : null}
				</>
			)}
		</main>
	)
}
