import { parse, type Submission } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import type { z } from 'zod'
import { useFormValidatedBy, type AppFormOptions, type FormValidationContext } from './forms.tsx'

type Validator = (formData: FormData) => Submission<unknown, unknown>

type LazyState = {
	validate: Validator | null
	loading: Promise<void> | null
	failed: boolean
	/** Fields whose check came before the validator: checked again once it is there. */
	fields: Set<string>
	/** A submit that came before the validator: sent again once it is there. */
	submit: { submitter: HTMLElement | null } | null
}

/**
 * `useAppForm` with the schema loaded on demand (ADR 0116): the page's bundle
 * holds neither the schema nor Zod nor Conform's Zod adapter; they load at the
 * first focus or input in the form (or its first submit). Until then a field's
 * check keeps what is on screen and is run again when the validator is there,
 * and a submit is held and sent again then, so the messages, the toast and what
 * reaches the server are the same as with `useAppForm`. If the code cannot be
 * loaded, submits go to the server, which validates every form anyway (as
 * without JavaScript).
 *
 * `loadSchema` is a dynamic import, e.g.
 * `() => import('#app/schemas/checkout.ts').then((m) => m.dateStepSchema)`.
 */
export function useLazyAppForm<S extends z.ZodObject>(
	options: AppFormOptions & { loadSchema: () => Promise<S | z.ZodType> },
) {
	const state = useRef<LazyState>({
		validate: null,
		loading: null,
		failed: false,
		fields: new Set(),
		submit: null,
	})
	const loadSchema = useRef(options.loadSchema)
	const result = useFormValidatedBy<S>(options, validateOrHold)
	const form = useRef(result[0])
	useEffect(() => {
		loadSchema.current = options.loadSchema
		form.current = result[0]
	})

	function load() {
		const lazy = state.current
		lazy.loading ??= Promise.all([import('#app/utils/form-submission.ts'), loadSchema.current()])
			.then(([{ parseFormSubmission }, schema]) => {
				lazy.validate = (formData) => parseFormSubmission(formData, { schema })
			})
			.catch(() => {
				lazy.failed = true
			})
			.then(() => resume())
		return lazy.loading
	}

	/** Runs what waited for the validator: the held submit, else the held field checks. */
	function resume() {
		const lazy = state.current
		const element = document.getElementById(options.id)
		const fields = [...lazy.fields]
		const held = lazy.submit
		lazy.fields.clear()
		lazy.submit = null
		if (!(element instanceof HTMLFormElement) || !element.isConnected) return
		if (held) {
			const submitter = held.submitter
			element.requestSubmit(
				submitter instanceof HTMLButtonElement && submitter.form === element && submitter.isConnected
					? submitter
					: null,
			)
			return
		}
		for (const name of fields) form.current.validate({ name: name || undefined })
	}

	function validateOrHold({ formData, submitter }: FormValidationContext) {
		const lazy = state.current
		if (lazy.validate) return lazy.validate(formData)
		const intent = formData.get('__intent__')
		if (lazy.failed) {
			// No validator: the server checks the submit; a field check changes nothing.
			return intent ? null : parse(formData, { resolve: () => ({ error: null }) })
		}
		void load()
		if (typeof intent === 'string') {
			const control = JSON.parse(intent) as { type?: string; payload?: { name?: string } }
			if (control.type === 'validate') lazy.fields.add(control.payload?.name ?? '')
		} else {
			lazy.submit = { submitter }
		}
		return null
	}

	// The first focus or input in the form starts loading the validator.
	useEffect(() => {
		function onActivity(event: Event) {
			const target = event.target
			const owner = target instanceof HTMLElement && 'form' in target ? target.form : null
			if (owner instanceof HTMLFormElement && owner.id === options.id) void load()
		}
		document.addEventListener('focusin', onActivity)
		document.addEventListener('input', onActivity)
		return () => {
			document.removeEventListener('focusin', onActivity)
			document.removeEventListener('input', onActivity)
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps -- load() reads refs only
	}, [options.id])

	return result
}
