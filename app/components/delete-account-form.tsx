import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { deleteAccountSchema } from '#app/schemas/account.ts'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { CurrentPasswordField } from './account-fields.tsx'
import { CheckboxField, fieldLabels, FormAlert, getFormProps, SubmitButton } from './forms.tsx'
import { useAppForm } from './app-form.ts'

/** Account deletion: the password and a tick that it is meant (guest page, host account page). */
export function DeleteAccountForm({ intent, submitLabel }: { intent?: string; submitLabel: string }) {
	const { t: ta } = useTranslation('account')
	const [form, fields] = useAppForm({
		id: 'delete-account',
		schema: deleteAccountSchema,
		lastResult: useFormResult('deleteAccount'),
	})
	return (
		<Form method="POST" {...getFormProps(form)} data-testid="delete-account-form">
			<FormAlert form={form} labels={fieldLabels(ta, 'account:delete')} />
			{intent ? <input type="hidden" name="intent" value={intent} /> : null}
			<CurrentPasswordField field={fields.password} />
			<CheckboxField field={fields.confirm} label={ta('delete.confirm')} required />
			<SubmitButton className="btn-primary bg-danger">{submitLabel}</SubmitButton>
		</Form>
	)
}
