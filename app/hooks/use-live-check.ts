import { useCallback, useRef, useState } from 'react'
import { useApi } from '#app/utils/api-client.ts'

/**
 * A live availability check (registration: e-mail and display name) through
 * GET /api/Auth/<endpoint>?<param>=…; the server checks again on submit.
 * Returns whether the value is taken (null: unknown / not checked).
 */
export function useLiveCheck(endpoint: 'emailExists' | 'displayNameExists', param: 'email' | 'name') {
	const api = useApi()
	const [taken, setTaken] = useState<boolean | null>(null)
	const latest = useRef('')
	const check = useCallback(
		(value: string) => {
			const trimmed = value.trim()
			latest.current = trimmed
			if (!trimmed) return setTaken(null)
			api<boolean>(`/api/Auth/${endpoint}?${param}=${encodeURIComponent(trimmed)}`).then(
				(result) => {
					if (latest.current === trimmed) setTaken(result === true)
				},
				() => setTaken(null),
			)
		},
		[api, endpoint, param],
	)
	return { taken, check }
}
