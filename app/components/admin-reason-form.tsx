import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'

/**
 * An admin action that needs a reason (issue 14): block/unblock a playroom,
 * hide/unhide a rating. A plain POST form (works without JavaScript); the
 * errors of the last submission show when it was this form's (`intent` and,
 * for a row, `targetId`).
 */
export function AdminReasonForm({
	intent,
	label,
	submit,
	actionData,
	target,
	danger,
	testId,
	choice,
}: {
	intent: string
	label: string
	submit: string
	actionData: FormActionData | undefined
	/** A row's id, sent as `targetId` (several forms on one page). */
	target?: string
	danger?: boolean
	testId: string
	/** A required choice from a fixed list before the text (a rating's hide reason); the text is optional then. */
	choice?: { name: string; label: string; options: { value: string; label: string }[] }
}) {
	const { t: tv } = useTranslation()
	const id = `${testId}-${target ?? intent}`
	const result =
		actionData?.intent === intent && (!target || actionData.result.initialValue?.targetId === target)
			? actionData.result
			: undefined
	const messages = [
		...(choice ? (result?.error?.[choice.name] ?? []) : []),
		...(result?.error?.['reason'] ?? []),
		...(result?.error?.[''] ?? []),
	].map((message) => translateValidationMessage(tv, message))
	return (
		<Form method="post" className="flex flex-wrap items-end gap-2" data-testid={testId}>
			<input type="hidden" name="intent" value={intent} />
			{target ? <input type="hidden" name="targetId" value={target} /> : null}
			{choice ? (
				<div className="min-w-48">
					<label htmlFor={`${id}-${choice.name}`} className="mb-1 block text-sm font-medium">
						{choice.label}
						<span className="ml-0.5 text-danger" aria-hidden="true">
							*
						</span>
					</label>
					<select
						id={`${id}-${choice.name}`}
						name={choice.name}
						required
						className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					>
						<option value="" />
						{choice.options.map((option) => (
							<option key={option.value} value={option.value}>
								{option.label}
							</option>
						))}
					</select>
				</div>
			) : null}
			<div className="min-w-48 flex-1">
				<label htmlFor={id} className="mb-1 block text-sm font-medium">
					{label}
					{choice ? null : (
						<span className="ml-0.5 text-danger" aria-hidden="true">
							*
						</span>
					)}
				</label>
				<input
					id={id}
					name="reason"
					required={!choice}
					minLength={choice ? undefined : 3}
					maxLength={1000}
					aria-invalid={messages.length ? true : undefined}
					aria-describedby={messages.length ? `${id}-error` : undefined}
					className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
				/>
				{messages.length ? (
					<p id={`${id}-error`} className="text-sm text-danger">
						{messages.join(' ')}
					</p>
				) : null}
			</div>
			<button
				type="submit"
				className={danger ? 'btn border border-danger text-danger hover:bg-surface-sunken' : 'btn-secondary'}
			>
				{submit}
			</button>
		</Form>
	)
}
