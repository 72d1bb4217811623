import { useActionData } from 'react-router'
import type { FormActionData } from '#app/utils/form-actions.server.ts'

/**
 * The submission result of the page action for one form of the page (by its
 * intent), for Conform's `lastResult`; undefined when the last action was
 * another form's.
 */
export function useFormResult(intent: string) {
	const data = useActionData<FormActionData>()
	return data?.intent === intent ? data.result : undefined
}
