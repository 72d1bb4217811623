import { data } from 'react-router'
import { ID_PATTERN } from '#db/schema/ids.ts'
import { isAppError } from './app-error.ts'
import { CITY_SLUGS, STATE_SLUGS } from './slugs.ts'

/**
 * Spec §5: a route parameter that fails validation gives 404 Page Not Found.
 * Parameters named *Id are entity ids; city and state slugs come from fixed lists.
 */
export function isValidRouteParam(name: string, value: string | undefined): boolean {
	if (value === undefined || value === '') return false
	if (name === 'citySlug') return (CITY_SLUGS as readonly string[]).includes(value)
	if (name === 'stateSlug') return (STATE_SLUGS as readonly string[]).includes(value)
	if (name.endsWith('Id')) return ID_PATTERN.test(value)
	return value.length <= 300
}

export function assertValidRouteParams(params: Record<string, string | undefined>) {
	for (const [name, value] of Object.entries(params)) {
		if (name === '*') continue
		if (!isValidRouteParam(name, value)) throw notFound()
	}
}

export function notFound() {
	return data(null, { status: 404, statusText: 'Not Found' })
}

/** Runs a model call for a page: its "not found" (AppError 404) becomes the page's 404. */
export function withNotFound<T>(work: () => T): T {
	try {
		return work()
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
}
