import { AppError } from './app-error.ts'

/**
 * The first line of every admin-only model function: the caller must be an admin (403 otherwise).
 * Routes check the session's role too (`requireRole`); the model checks again, as every model is
 * authorised against its caller.
 */
export function assertAdmin(caller: { role: string }): void {
	if (caller.role !== 'Admin') throw new AppError(403)
}
