import type { Submission } from '@conform-to/react'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import type { Route } from './+types/login.ts'
import { AuthPanels, PANEL_TITLE_KEY } from '#app/components/auth-panels.tsx'
import { resendConfirmation, type UserRow } from '#app/models/accounts/account.server.ts'
import { openSession, requestPasswordReset, verifyLogin } from '#app/models/accounts/credentials.server.ts'
import { emailOnlySchema, loginSchema } from '#app/schemas/auth.ts'
import {
	clearImpersonatorCookie,
	readImpersonatorToken,
	requestMeta,
	setSessionCookie,
} from '#app/utils/account-session.server.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, succeededForm } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { resolveLoginRedirect } from '#app/utils/login-redirect.ts'
import type { LoginPanel } from '#app/utils/login-modal.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /login (spec §2/§4): the login page with the forgot-password and
 * resend-confirmation panels (?panel=forgot|resend). The #modal-login dialog
 * posts to this action too (with modal=1), so both share one implementation.
 */
const PANELS: LoginPanel[] = ['login', 'forgot', 'resend']

export async function loader({ url, context }: Route.LoaderArgs) {
	const redirectTo = safeRedirectPath(url.searchParams.get('redirect'), '') || null
	const session = getAuth(context).session
	if (session) {
		throw redirect(
			resolveLoginRedirect({ redirect: redirectTo, role: session.user.role, locale: getLocale(context) }).url,
		)
	}
	const panel = PANELS.find((p) => p === url.searchParams.get('panel')) ?? 'login'
	return { redirect: redirectTo, panel, email: (url.searchParams.get('email') ?? '').slice(0, 254) }
}

class LoginRejected extends Error {
	constructor(
		readonly submission: Submission<unknown>,
		readonly error: unknown,
	) {
		super('login rejected')
	}
}

/** The credential login through remix-auth's FormStrategy; the verify step is the model's. */
function authenticate(args: Route.ActionArgs) {
	const meta = requestMeta(args)
	const authenticator = new Authenticator<{ user: UserRow; rememberMe: boolean }>()
	authenticator.use(
		new FormStrategy(async ({ form }) => {
			const submission = parseFormSubmission(form, { schema: loginSchema })
			if (submission.status !== 'success') throw new LoginRejected(submission, null)
			try {
				const user = await verifyLogin({
					email: submission.value.username,
					password: submission.value.password,
					...meta,
				})
				return { user, rememberMe: submission.value.rememberMe === true }
			} catch (error) {
				throw new LoginRejected(submission, error)
			}
		}),
		'form',
	)
	return authenticator.authenticate('form', args.request)
}

async function login(args: Route.ActionArgs, form: FormData) {
	const { request, context } = args
	let outcome: Awaited<ReturnType<typeof authenticate>>
	try {
		outcome = await authenticate(args)
	} catch (error) {
		if (!(error instanceof LoginRejected)) throw error
		return error.error
			? failedForm('login', error.submission, error.error)
			: invalidForm('login', error.submission)
	}
	const session = openSession({
		userId: outcome.user.id,
		persistent: outcome.rememberMe,
		previous: getAuth(context).session,
		impersonatorToken: readImpersonatorToken(request),
		...requestMeta(args),
	})
	setSessionCookie(context, session)
	clearImpersonatorCookie(context)
	const target = resolveLoginRedirect({
		redirect: String(form.get('redirect') ?? ''),
		from: String(form.get('from') ?? ''),
		role: outcome.user.role,
		locale: getLocale(context),
	})
	return redirectWithToast(
		target.url,
		{
			type: 'info',
			description: looseT(getT(context))('auth:login.success', { name: outcome.user.displayName }),
		},
		target.reload ? { headers: { 'X-Remix-Reload-Document': 'true' } } : undefined,
	)
}

async function emailRequest(
	args: Route.ActionArgs,
	form: FormData,
	intent: 'forgotPassword' | 'resendConfirmation',
) {
	const submission = parseFormSubmission(form, { schema: emailOnlySchema })
	if (submission.status !== 'success') return invalidForm(intent, submission)
	// The same answer whether or not the address has an account (no enumeration).
	if (intent === 'forgotPassword') requestPasswordReset(submission.value.email)
	else resendConfirmation(submission.value.email)
	if (form.get('modal') === '1') return succeededForm(intent, submission)
	const t = looseT(getT(args.context))
	const back = safeRedirectPath(String(form.get('redirect') ?? ''), '')
	const login = localizePath('/login', getLocale(args.context))
	return redirectWithToast(back ? `${login}?redirect=${encodeURIComponent(back)}` : login, {
		type: 'info',
		description: t(intent === 'forgotPassword' ? 'auth:forgot.sent' : 'auth:resend.sent'),
	})
}

export async function action(args: Route.ActionArgs) {
	const form = await args.request.clone().formData()
	const intent = form.get('intent')
	if (intent === 'forgotPassword' || intent === 'resendConfirmation') return emailRequest(args, form, intent)
	return login(args, form)
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const { t: tc } = useTranslation()
	const title = t(PANEL_TITLE_KEY[loaderData.panel])
	return (
		<main id="main" className="mx-auto w-full max-w-md px-4 py-10">
			<title>{`${title} | ${tc('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			{loaderData.panel === 'login' ? <p className="mb-6 text-ink-muted">{t('login.intro')}</p> : null}
			<div className="card">
				<AuthPanels
					mode={{ kind: 'page', redirect: loaderData.redirect }}
					panel={loaderData.panel}
					email={loaderData.email}
				/>
			</div>
		</main>
	)
}
