import { AppError, apiHandler } from '#app/utils/api.server.ts'

/** Any /api path nobody answers: 404 in the envelope (never the HTML error page). */
const unknownEndpoint = apiHandler(() => {
	throw new AppError(404, 'UnknownEndpoint')
})

export const loader = unknownEndpoint
export const action = unknownEndpoint
