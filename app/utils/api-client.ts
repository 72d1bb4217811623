import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { showAppToast } from '#app/components/toaster.tsx'
import { API_LANGUAGE_HEADERS, localizePath, type Locale } from './locale.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * Browser calls to /api (spec §7/§8): Accept-Language of the page, the
 * envelope unwrapped, and a 401 sends the browser to /login?redirect=<page>
 * with the toast "Login benötigt" / "Login required".
 */
export class ApiClientError extends Error {
	constructor(
		readonly status: number,
		readonly errorName: string,
		message: string,
		readonly fields?: Record<string, string[]>,
	) {
		super(message)
		this.name = 'ApiClientError'
	}
}

type Options = {
	method?: 'GET' | 'POST' | 'DELETE'
	json?: unknown
	locale: Locale
	onUnauthorized?: () => void
}

export async function apiRequest<T>(path: string, options: Options): Promise<T> {
	const response = await fetch(path, {
		method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
		credentials: 'same-origin',
		headers: {
			Accept: 'application/json',
			'Accept-Language': API_LANGUAGE_HEADERS[options.locale],
			...(options.json === undefined ? {} : { 'Content-Type': 'application/json' }),
		},
		body: options.json === undefined ? undefined : JSON.stringify(options.json),
	})
	const body = (await response.json().catch(() => null)) as {
		success?: unknown
		value?: unknown
		error?: unknown
	} | null
	if (response.status === 401) options.onUnauthorized?.()
	if (!body || typeof body.success !== 'boolean') {
		throw new ApiClientError(response.status, 'Generic', `${response.status} ${response.statusText}`)
	}
	if (!body.success) {
		let error: { name?: string; message?: string; fields?: Record<string, string[]> } = {}
		try {
			error = JSON.parse(String(body.error))
		} catch {
			error = { name: 'Unknown', message: String(body.error) }
		}
		throw new ApiClientError(response.status, error.name ?? 'Unknown', error.message ?? '', error.fields)
	}
	return body.value as T
}

/** The login page for "come back here afterwards". */
export function loginUrlFor(locale: Locale, pathWithSearch: string) {
	return `${localizePath('/login', locale)}?redirect=${encodeURIComponent(pathWithSearch)}`
}

/** `api(path, options)` bound to the page: its language, and the 401 rule. */
export function useApi() {
	const locale = useLocale()
	const navigate = useNavigate()
	const location = useLocation()
	const { t } = useTranslation()
	const back = `${location.pathname}${location.search}`
	return useCallback(
		<T>(path: string, options: Omit<Options, 'locale' | 'onUnauthorized'> = {}) =>
			apiRequest<T>(path, {
				...options,
				locale,
				onUnauthorized: () => {
					showAppToast({ type: 'warning', description: t('toast.loginRequired') })
					void navigate(loginUrlFor(locale, back))
				},
			}),
		[locale, navigate, back, t],
	)
}
