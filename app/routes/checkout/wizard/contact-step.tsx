import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { openLoginModal } from '#app/utils/login-modal.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { EmailField, NewPasswordFields, PersonFields } from '#app/components/account-fields.tsx'
import {
	CheckboxField,
	fieldLabels,
	FormAlert,
	getFormProps,
	SubmitButton,
	TextField,
} from '#app/components/forms.tsx'
import { useLazyAppForm } from '#app/components/lazy-app-form.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { resultFor, type LoaderData } from './shared.tsx'

/** Step 3: log in or register inline, then the guest's contact details. */
export function ContactStep({
	data,
	actionData,
}: {
	data: LoaderData
	actionData: CheckoutActionData | undefined
}) {
	const { t } = useTranslation('booking')
	const { t: ta } = useTranslation('auth')
	const hydrated = useHydrated()
	const location = useLocation()
	if (!data.user) {
		return (
			<div data-testid="contact-login">
				{data.registered ? (
					<p
						role="status"
						className="mb-4 rounded-lg border border-success p-3 text-sm"
						data-testid="registered-notice"
					>
						{t('checkout.contact.registered')}
					</p>
				) : null}
				<p className="mb-3">{t('checkout.contact.loginIntro')}</p>
				<a
					href={data.loginUrl}
					className="btn-primary mb-6"
					data-testid="checkout-login"
					onClick={(event) => {
						if (!hydrated) return
						event.preventDefault()
						openLoginModal()
					}}
				>
					{t('checkout.contact.login')}
				</a>
				<RegisterInline actionData={actionData} />
				<p className="mt-4 text-xs text-ink-muted">{ta('register.guestIntro')}</p>
			</div>
		)
	}
	if (data.user.role !== 'Customer') {
		return (
			<div data-testid="contact-wrong-role">
				<p role="alert" className="mb-3 text-danger">
					{t('checkout.contact.guestAccountRequired')}
				</p>
				<LocaleLink
					to={`/auth/relogin?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
					className="link"
				>
					{t('checkout.contact.switchAccount')}
				</LocaleLink>
			</div>
		)
	}
	return <ContactForm data={data} actionData={actionData} />
}

function ContactForm({ data, actionData }: { data: LoaderData; actionData: CheckoutActionData | undefined }) {
	const { t } = useTranslation('booking')
	const [form, fields] = useLazyAppForm({
		id: 'checkout-contact',
		loadSchema: () => import('#app/schemas/checkout.ts').then((m) => m.contactStepSchema),
		lastResult: resultFor(actionData, 'contact'),
		defaultValue: data.contact ?? undefined,
	})
	return (
		<Form method="post" {...getFormProps(form)} data-testid="contact-form">
			<FormAlert form={form} labels={fieldLabels(t, 'booking:checkout.contact')} />
			<input type="hidden" name="intent" value="contact" />
			<p className="mb-4 text-sm">
				{t('checkout.contact.loggedInAs', { name: data.user?.name ?? '', email: data.user?.email ?? '' })}{' '}
				<LocaleLink to="/auth/logout" className="link">
					{t('checkout.contact.notYou')}
				</LocaleLink>
			</p>
			<div className="grid gap-x-4 sm:grid-cols-2">
				<TextField
					field={fields.firstName}
					label={t('checkout.contact.firstName')}
					required
					maxLength={60}
					autoComplete="given-name"
				/>
				<TextField
					field={fields.lastName}
					label={t('checkout.contact.lastName')}
					required
					maxLength={60}
					autoComplete="family-name"
				/>
			</div>
			<TextField
				field={fields.phoneNumber}
				label={t('checkout.contact.phoneNumber')}
				type="tel"
				required
				maxLength={30}
				autoComplete="tel"
				hint={t('checkout.contact.phoneHint')}
			/>
			<p className="mb-4 text-xs text-ink-muted">{t('checkout.contact.saved')}</p>
			<SubmitButton className="btn-primary">{t('checkout.next')}</SubmitButton>
		</Form>
	)
}

function RegisterInline({ actionData }: { actionData: CheckoutActionData | undefined }) {
	const { t } = useTranslation('booking')
	const { t: ta } = useTranslation('auth')
	const locale = useLocale()
	const [form, fields] = useLazyAppForm({
		id: 'checkout-register',
		loadSchema: () => import('#app/schemas/auth.ts').then((m) => m.registerGuestSchema),
		lastResult: resultFor(actionData, 'register'),
		defaultValue: { langPreference: locale },
	})
	return (
		<details className="rounded-lg border border-line p-4" open={Boolean(resultFor(actionData, 'register'))}>
			<summary className="cursor-pointer font-semibold">{t('checkout.contact.registerTitle')}</summary>
			<p className="my-3 text-sm text-ink-muted">{t('checkout.contact.registerIntro')}</p>
			<Form method="post" {...getFormProps(form)} data-testid="checkout-register-form">
				<FormAlert form={form} labels={fieldLabels(t, 'auth:fields')} />
				<input type="hidden" name="intent" value="register" />
				<EmailField field={fields.email} label={ta('fields.email')} />
				<NewPasswordFields password={fields.password} label={ta('fields.password')} />
				<PersonFields fields={fields} />
				<CheckboxField field={fields.acceptTerms} label={ta('fields.acceptTerms')} required />
				<SubmitButton className="btn-secondary">{t('checkout.contact.registerSubmit')}</SubmitButton>
			</Form>
		</details>
	)
}
