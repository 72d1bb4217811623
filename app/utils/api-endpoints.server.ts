import { apiHandler, methodNotAllowed, type ApiArgs, type ApiHandlerArgs } from './api.server.ts'

/**
 * A family of /api endpoints under one resource route with an `:endpoint`
 * segment (e.g. /api/Auth/:endpoint). Names match case-insensitively; an
 * unknown name or a wrong method answers 404 like an unknown path.
 * More specific routes in app/routes.ts (e.g. /api/Auth/session) still win.
 */
export type ApiMethod = 'GET' | 'POST' | 'DELETE'
export type ApiEndpoint = { method: ApiMethod; handler: (args: ApiHandlerArgs) => unknown }

const TABLES = new WeakMap<object, Readonly<Record<string, ApiEndpoint>>>()

/** The endpoint table behind a family's loader/action (the API fuzz test walks every endpoint). */
export function endpointTableOf(handler: unknown): Readonly<Record<string, ApiEndpoint>> | undefined {
	return typeof handler === 'function' ? TABLES.get(handler) : undefined
}

export function apiEndpoints(table: Record<string, ApiEndpoint>) {
	const byName = new Map(Object.entries(table).map(([name, endpoint]) => [name.toLowerCase(), endpoint]))
	const dispatch: (args: ApiArgs) => Promise<Response> = apiHandler((args) => {
		const endpoint = byName.get((args.params.endpoint ?? '').toLowerCase())
		if (!endpoint || endpoint.method !== args.request.method.toUpperCase()) methodNotAllowed()
		return endpoint.handler(args)
	})
	TABLES.set(dispatch, table)
	return { loader: dispatch, action: dispatch }
}
