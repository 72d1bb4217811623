import {
	confirmEmail,
	displayNameExists,
	emailExists,
	registerUser,
	resendConfirmation,
	saveNotificationToken,
} from '#app/models/accounts/account.server.ts'
import {
	changePassword,
	confirmEmailChange,
	openSession,
	requestEmailChange,
	requestPasswordReset,
	resetPassword,
	verifyLogin,
} from '#app/models/accounts/credentials.server.ts'
import { notificationTokenSchema } from '#app/schemas/account.ts'
import {
	changePasswordApiSchema,
	confirmChangeEmailSchema,
	confirmEmailQuerySchema,
	emailOnlySchema,
	loginSchema,
	registerGuestSchema,
	registerHostSchema,
	requestChangeEmailSchema,
	resetPasswordApiSchema,
	signupSchema,
} from '#app/schemas/auth.ts'
import { safeString } from '#app/schemas/fields.ts'
import { requestMeta, requireSession, setSessionCookie } from '#app/utils/account-session.server.ts'
import { parseJsonBody, parseOrThrow, parseQuery } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { z } from '#app/utils/validation.ts'

/**
 * /api/Auth/* (spec §7 Auth, PRODUCT.md §4). GET /api/Auth/session has its own
 * route. forgotPassword and ResendConfirmation always answer success, so the
 * answer never tells whether an address has an account.
 */
async function readJson(request: Request): Promise<unknown> {
	return parseJsonBody(z.unknown(), request)
}

const endpoints = apiEndpoints({
	emailExists: {
		method: 'GET',
		handler: ({ url }) => emailExists(parseQuery(z.object({ email: safeString().max(254) }), url).email),
	},
	displayNameExists: {
		method: 'GET',
		handler: ({ url }) => displayNameExists(parseQuery(z.object({ name: safeString().max(100) }), url).name),
	},
	confirmEmail: {
		method: 'GET',
		handler: ({ url }) => {
			confirmEmail(parseQuery(confirmEmailQuerySchema, url))
			return null
		},
	},
	signin: {
		method: 'POST',
		handler: async (args) => {
			const body = (await readJson(args.request)) as Record<string, unknown> | null
			// The spec's sign-in payload may name the address "email" instead of "username".
			const input = parseOrThrow(loginSchema, {
				...body,
				username: body?.username ?? body?.email,
			})
			const meta = requestMeta(args)
			const user = await verifyLogin({ email: input.username, password: input.password, ...meta })
			const session = openSession({
				userId: user.id,
				persistent: input.rememberMe ?? true,
				previous: getAuth(args.context).session,
				...meta,
			})
			return { token: session.token, language: user.langPreference }
		},
	},
	registerCustomer: {
		method: 'POST',
		handler: async ({ request, locale }) => {
			const input = await parseJsonBody(registerGuestSchema, request)
			return registerUser({ ...input, role: 'Customer' }, { locale })
		},
	},
	registerOwner: {
		method: 'POST',
		handler: async ({ request, locale }) => {
			const input = await parseJsonBody(registerHostSchema, request)
			return registerUser({ ...input, role: 'Owner' }, { locale })
		},
	},
	signup: {
		method: 'POST',
		handler: async ({ request, locale }) => {
			const input = await parseJsonBody(signupSchema, request)
			const base = input.displayName ?? input.username.split('@')[0] ?? 'gast'
			let displayName = base.slice(0, 32)
			while (displayNameExists(displayName))
				displayName = `${base.slice(0, 32)}-${Math.floor(Math.random() * 10_000)}`
			return registerUser(
				{
					email: input.username,
					password: input.password,
					displayName: displayName.length >= 3 ? displayName : `${displayName}-gast`,
					firstName: '',
					lastName: '',
					langPreference: input.langPreference,
					role: 'Customer',
				},
				{ locale },
			)
		},
	},
	ResendConfirmation: {
		method: 'POST',
		handler: async ({ request }) => {
			resendConfirmation((await parseJsonBody(emailOnlySchema, request)).email)
			return null
		},
	},
	forgotPassword: {
		method: 'POST',
		handler: async ({ request }) => {
			requestPasswordReset((await parseJsonBody(emailOnlySchema, request)).email)
			return null
		},
	},
	ResetPassword: {
		method: 'POST',
		handler: async ({ request }) => {
			await resetPassword(await parseJsonBody(resetPasswordApiSchema, request))
			return null
		},
	},
	ChangePassword: {
		method: 'POST',
		handler: async (args) => {
			const session = await requireSession(args)
			const input = await parseJsonBody(changePasswordApiSchema, args.request)
			const fresh = await changePassword(session, input, requestMeta(args))
			if (getAuth(args.context).via === 'cookie') setSessionCookie(args.context, fresh)
			return { token: fresh.token }
		},
	},
	RequestChangeEmail: {
		method: 'POST',
		handler: async (args) => {
			const session = await requireSession(args)
			await requestEmailChange(session, await parseJsonBody(requestChangeEmailSchema, args.request))
			return null
		},
	},
	ConfirmChangeEmail: {
		method: 'POST',
		handler: async ({ request }) => {
			confirmEmailChange(await parseJsonBody(confirmChangeEmailSchema, request))
			return null
		},
	},
	SaveNotificationToken: {
		method: 'POST',
		handler: async (args) => {
			const session = await requireSession(args)
			saveNotificationToken(
				session.user.id,
				(await parseJsonBody(notificationTokenSchema, args.request)).token,
			)
			return null
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
