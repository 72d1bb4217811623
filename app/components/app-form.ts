import type { z } from 'zod'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useFormValidatedBy, type AppFormOptions } from './forms.tsx'

/**
 * The form kit's Conform form with its Zod schema in the page's bundle: every
 * field and submit is validated in the browser at once with the schema the
 * server action uses (`parseFormSubmission`). Pages that should not load Zod
 * to render use `useLazyAppForm` (lazy-app-form.ts, ADR 0116).
 */
export function useAppForm<S extends z.ZodObject>(options: AppFormOptions & { schema: S | z.ZodType }) {
	return useFormValidatedBy<S>(options, ({ formData }) =>
		parseFormSubmission(formData, { schema: options.schema }),
	)
}
