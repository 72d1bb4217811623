import { useTranslation } from 'react-i18next'
import { LIMITS } from '#app/schemas/limits.ts'
import { usePasswordStrength } from '#app/hooks/use-password-strength.ts'
import { SelectField, TextField } from './forms.tsx'
import { PasswordStrengthMeter } from './password-strength-meter.tsx'

/**
 * Field groups that registration, the account pages and the admin pages
 * share, so labels, limits and autocomplete hints stay the same everywhere.
 */
type Field = Parameters<typeof TextField>[0]['field']
type Fields<K extends string> = { [key in K]: Field }

/** Names, display name (with an optional live check), phone and the e-mail language. */
export function PersonFields({
	fields,
	displayNameCheck,
}: {
	fields: Fields<'firstName' | 'lastName' | 'displayName' | 'phoneNumber' | 'langPreference'>
	displayNameCheck?: { onBlur: (value: string) => void; error: string | null }
}) {
	const { t } = useTranslation('auth')
	const { t: tc } = useTranslation()
	return (
		<>
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
				onBlur={displayNameCheck?.onBlur}
				extraError={displayNameCheck?.error}
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
		</>
	)
}

/** A host's invoice address (all optional). */
export function InvoiceAddressFields({
	fields,
}: {
	fields: Fields<'companyName' | 'street' | 'postalCode' | 'city' | 'country' | 'vatId'>
}) {
	const { t } = useTranslation('auth')
	return (
		<>
			<TextField
				field={fields.companyName}
				label={t('fields.companyName')}
				maxLength={LIMITS.company}
				autoComplete="organization"
			/>
			<TextField
				field={fields.street}
				label={t('fields.street')}
				maxLength={LIMITS.street}
				autoComplete="street-address"
			/>
			<div className="grid gap-x-4 sm:grid-cols-2">
				<TextField
					field={fields.postalCode}
					label={t('fields.postalCode')}
					maxLength={LIMITS.postalCode}
					autoComplete="postal-code"
				/>
				<TextField
					field={fields.city}
					label={t('fields.city')}
					maxLength={LIMITS.city}
					autoComplete="address-level2"
				/>
				<TextField
					field={fields.country}
					label={t('fields.country')}
					maxLength={LIMITS.country}
					autoComplete="country-name"
				/>
				<TextField field={fields.vatId} label={t('fields.vatId')} maxLength={LIMITS.vatId} />
			</div>
		</>
	)
}

/** A password being set (with the rules as hint and the live strength meter), optionally typed twice. */
export function NewPasswordFields({
	password,
	confirm,
	label,
	hint,
}: {
	password: Field
	confirm?: Field
	label?: string
	hint?: string
}) {
	const { t } = useTranslation('auth')
	const { strength, check } = usePasswordStrength()
	const meterId = `${password.id}-strength`
	return (
		<>
			<TextField
				field={password}
				label={label ?? t('fields.newPassword')}
				type="password"
				required
				maxLength={LIMITS.passwordMax}
				autoComplete="new-password"
				hint={hint ?? t('fields.passwordHint')}
				onInput={check}
				describedBy={strength ? meterId : undefined}
			/>
			<PasswordStrengthMeter id={meterId} strength={strength} />
			{confirm ? (
				<TextField
					field={confirm}
					label={t('fields.confirmPassword')}
					type="password"
					required
					maxLength={LIMITS.passwordMax}
					autoComplete="new-password"
				/>
			) : null}
		</>
	)
}

/** The current password, to confirm a change. */
export function CurrentPasswordField({ field }: { field: Field }) {
	const { t } = useTranslation('auth')
	return (
		<TextField
			field={field}
			label={t('fields.currentPassword')}
			type="password"
			required
			autoComplete="current-password"
		/>
	)
}

/** An e-mail address input (login, registration, change of address, forgot/resend). */
export function EmailField({
	field,
	label,
	autoComplete = 'email',
	liveCheck,
}: {
	field: Field
	label: string
	autoComplete?: 'email' | 'username'
	liveCheck?: { onBlur: (value: string) => void; error: string | null }
}) {
	return (
		<TextField
			field={field}
			label={label}
			type="email"
			required
			maxLength={LIMITS.email}
			autoComplete={autoComplete}
			onBlur={liveCheck?.onBlur}
			extraError={liveCheck?.error}
		/>
	)
}
