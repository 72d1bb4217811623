import { parseWithZod } from '@conform-to/zod/v4'
import { configureCoercion } from '@conform-to/zod/v4/future'
import type { z } from 'zod'
import { decimalTextToNumber } from '#app/schemas/fields.ts'

/**
 * Every form submission (browser and server) is parsed here
 * (docs/decisions/0053-strict-input-types.md): Conform's coercion with one
 * change — a number field takes decimal digits only (Conform's default,
 * `Number(text)`, would read "0x10" as 16 and "1e3" as 1000). Empty fields
 * become undefined as before; checkboxes are "on".
 */
const { coerceFormValue } = configureCoercion({ type: { number: decimalTextToNumber } })

export function parseFormSubmission<S extends z.ZodType>(
	payload: FormData | URLSearchParams,
	options: { schema: S },
) {
	return parseWithZod(payload, {
		schema: coerceFormValue(options.schema) as unknown as S,
		disableAutoCoercion: true,
	})
}
