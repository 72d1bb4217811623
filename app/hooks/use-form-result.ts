import { useActionData } from 'react-router'
import type { FormActionData } from '#app/utils/form-actions.server.ts'

/**
 * The submission result of the page action for one form of the page (by its
 * intent), for Conform's `lastResult`; when the last action was another
 * form's, what it handed back of this form's unsaved fields (`kept`, issue
 * 31.3), else undefined.
 */
export function useFormResult(intent: string) {
	const data = useActionData<FormActionData>()
	if (data?.intent === intent) return data.result
	return data?.kept?.intent === intent ? data.kept.result : undefined
}
