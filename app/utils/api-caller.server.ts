import type { RouterContextProvider } from 'react-router'
import type { Caller } from '#app/models/catalogue/playrooms.server.ts'
import { getSessionUser } from './auth.server.ts'

/** The calling user as the catalogue models need it (null for visitors). */
export function getCaller(context: Readonly<RouterContextProvider>): Caller {
	const user = getSessionUser(context)
	return user ? { id: user.id, role: user.role } : null
}
