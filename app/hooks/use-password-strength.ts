import { useCallback, useEffect, useRef, useState } from 'react'
import { LIMITS } from '#app/schemas/limits.ts'

/**
 * The live strength hint of a password being set (ADR 0055): while typing
 * (300 ms after the last key) the password and the form's own e-mail and names
 * go to POST /resources/password-strength, which scores them with zxcvbn on
 * the server — the dictionaries never enter the browser bundle. Progressive
 * enhancement: without JavaScript there is no hint and the server's answer on
 * submit says the same.
 */
export type LiveStrength = { score: 0 | 1 | 2 | 3 | 4; ok: boolean; messages: string[] }

const WAIT_MS = 300
const USER_FIELDS = ['email', 'firstName', 'lastName', 'displayName'] as const

function isLiveStrength(value: unknown): value is LiveStrength {
	return typeof value === 'object' && value !== null && typeof (value as LiveStrength).score === 'number'
}

export function usePasswordStrength() {
	const [strength, setStrength] = useState<LiveStrength | null>(null)
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	const request = useRef<AbortController | null>(null)
	const cancel = useCallback(() => {
		clearTimeout(timer.current)
		request.current?.abort()
	}, [])
	useEffect(() => cancel, [cancel])
	const check = useCallback(
		(input: HTMLInputElement) => {
			cancel()
			const password = input.value
			// Too short or too long: the form's own length message speaks.
			if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) {
				return setStrength(null)
			}
			timer.current = setTimeout(() => {
				const body = new URLSearchParams({ password })
				for (const name of USER_FIELDS) {
					const field = input.form?.elements.namedItem(name)
					if (field instanceof HTMLInputElement && field.value) body.set(name, field.value)
				}
				const abort = new AbortController()
				request.current = abort
				fetch('/resources/password-strength', {
					method: 'POST',
					body,
					signal: abort.signal,
					credentials: 'same-origin',
					headers: { Accept: 'application/json' },
				})
					.then((response) => (response.ok ? response.json() : null))
					.then(
						(result: unknown) => setStrength(isLiveStrength(result) ? result : null),
						() => undefined,
					)
			}, WAIT_MS)
		},
		[cancel],
	)
	return { strength, check }
}
