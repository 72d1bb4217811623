import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { isAppError } from './app-error.ts'
import { failedForm } from './form-actions.server.ts'

/**
 * The page forms that record money (the order page's transfer, control
 * transactions; ADR 0142) answer a refused transfer as failedForm does, but a
 * conflict — a closed order, a reused form — keeps its 409, the status the API
 * gives for the same refusal.
 */
export function refusedTransferForm<Intent extends string>(
	intent: Intent,
	submission: Submission<unknown>,
	error: unknown,
	options: { sayAtFields?: boolean } = {},
) {
	const reply = failedForm(intent, submission, error, options)
	return isAppError(error) && error.status === 409 ? data(reply.data, { status: 409 }) : reply
}
