import { PANEL_TITLE_KEY } from '#app/utils/login-modal.ts'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useActionData, useFetcher, useLocation } from 'react-router'
import { emailOnlySchema, loginSchema } from '#app/schemas/auth.ts'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { closeLoginModal, showLoginPanel, type LoginPanel } from '#app/utils/login-modal.ts'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'
import { EmailField } from './account-fields.tsx'
import { CheckboxField, fieldLabels, FormAlert, getFormProps, SubmitButton, TextField } from './forms.tsx'
import { useAppForm } from './app-form.ts'
import { LocaleLink } from './locale-link.tsx'
import { showAppToast } from './toaster.tsx'

/**
 * The login, forgot-password and resend-confirmation panels (spec §2/§4/§8),
 * used by the /login page (real forms; panels are links, so all of it works
 * without JavaScript) and by the #modal-login dialog (fetchers; panels switch
 * in place and forgot/resend answer with a toast, then go back to login).
 */
export type PanelMode = { kind: 'page'; redirect: string | null } | { kind: 'modal' }

type ActionData = FormActionData & { sent?: true }

function useSubmitter(mode: PanelMode, intent: string) {
	const fetcher = useFetcher<ActionData>({ key: `login-modal-${intent}` })
	const pageData = useActionData<ActionData>()
	const localize = useLocalizePath()
	if (mode.kind === 'modal') {
		return {
			Form: fetcher.Form,
			action: localize('/login'),
			data: fetcher.data?.intent === intent ? fetcher.data : undefined,
			busy: fetcher.state !== 'idle',
		}
	}
	return { Form, action: undefined, data: pageData?.intent === intent ? pageData : undefined, busy: false }
}

function HiddenFields({ mode, intent }: { mode: PanelMode; intent: string }) {
	const location = useLocation()
	return (
		<>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
			{mode.kind === 'modal' ? <input type="hidden" name="modal" value="1" /> : null}
			{mode.kind === 'page' && mode.redirect ? (
				<input type="hidden" name="redirect" value={mode.redirect} />
			) : null}
		</>
	)
}

/** A link to another panel: in place in the modal, a real link on the page. */
function PanelLink({
	mode,
	panel,
	email,
	children,
	testId,
}: {
	mode: PanelMode
	panel: LoginPanel
	email?: string
	children: React.ReactNode
	testId?: string
}) {
	const localize = useLocalizePath()
	if (mode.kind === 'modal') {
		return (
			<button
				type="button"
				className="link text-sm"
				onClick={() => showLoginPanel(panel, email)}
				data-testid={testId}
			>
				{children}
			</button>
		)
	}
	const query = new URLSearchParams()
	if (panel !== 'login') query.set('panel', panel)
	if (email) query.set('email', email)
	if (mode.redirect) query.set('redirect', mode.redirect)
	const search = query.toString()
	return (
		<a
			href={`${localize('/login')}${search ? `?${search}` : ''}`}
			className="link text-sm"
			data-testid={testId}
		>
			{children}
		</a>
	)
}

function LoginForm({ mode }: { mode: PanelMode }) {
	const { t } = useTranslation('auth')
	const submitter = useSubmitter(mode, 'login')
	const [form, fields] = useAppForm({
		id: `login-${mode.kind}`,
		schema: loginSchema,
		lastResult: submitter.data?.result,
		defaultValue: { rememberMe: 'on' },
	})
	const email = String(fields.username.value ?? '')
	return (
		<>
			<submitter.Form
				method="POST"
				action={submitter.action}
				{...getFormProps(form)}
				data-testid="login-form"
			>
				<FormAlert form={form} labels={fieldLabels(t, 'auth:fields')} />
				{submitter.data?.errorName === 'EmailNotConfirmed' ? (
					<p className="mb-4">
						<PanelLink mode={mode} panel="resend" email={email} testId="resend-from-login">
							{t('login.resendNow')}
						</PanelLink>
					</p>
				) : null}
				<HiddenFields mode={mode} intent="login" />
				<EmailField field={fields.username} label={t('fields.username')} autoComplete="username" />
				<TextField
					field={fields.password}
					label={t('fields.password')}
					type="password"
					required
					autoComplete="current-password"
				/>
				<CheckboxField field={fields.rememberMe} label={t('fields.rememberMe')} />
				<SubmitButton pending={submitter.busy}>{t('login.submit')}</SubmitButton>
			</submitter.Form>
			<div className="mt-4 flex flex-col items-start gap-2">
				<PanelLink mode={mode} panel="forgot" testId="forgot-link">
					{t('login.forgotLink')}
				</PanelLink>
				<PanelLink mode={mode} panel="resend" testId="resend-link">
					{t('login.resendLink')}
				</PanelLink>
			</div>
			<div className="mt-6 border-t border-line pt-4">
				<p className="mb-2 text-sm text-ink-muted">{t('login.noAccount')}</p>
				<div className="flex flex-wrap gap-2">
					<LocaleLink
						to="/auth/register-guest"
						className="btn-secondary"
						data-testid="auth-register-guest"
						onClick={closeLoginModal}
					>
						{t('login.registerGuest')}
					</LocaleLink>
					<LocaleLink
						to="/auth/register-host"
						className="btn-secondary"
						data-testid="auth-register-host"
						onClick={closeLoginModal}
					>
						{t('login.registerHost')}
					</LocaleLink>
				</div>
			</div>
		</>
	)
}

/** Forgot password and resend confirmation: one e-mail field each. */
function EmailRequestForm({
	mode,
	panel,
	email,
}: {
	mode: PanelMode
	panel: 'forgot' | 'resend'
	email: string
}) {
	const { t } = useTranslation('auth')
	const intent = panel === 'forgot' ? 'forgotPassword' : 'resendConfirmation'
	const submitter = useSubmitter(mode, intent)
	const [form, fields] = useAppForm({
		id: `${intent}-${mode.kind}`,
		schema: emailOnlySchema,
		lastResult: submitter.data?.result,
		defaultValue: { email },
	})
	const handled = useRef<unknown>(null)
	useEffect(() => {
		if (mode.kind !== 'modal' || !submitter.data || handled.current === submitter.data) return
		handled.current = submitter.data
		if (submitter.data.sent) {
			showAppToast({ type: 'info', description: t(panel === 'forgot' ? 'forgot.sent' : 'resend.sent') })
			showLoginPanel('login')
		} else {
			showAppToast({
				type: panel === 'forgot' ? 'danger' : 'warning',
				description: t(panel === 'forgot' ? 'forgot.failed' : 'resend.failed'),
			})
		}
	}, [mode.kind, panel, submitter.data, t])
	return (
		<>
			<p className="mb-4 text-sm text-ink-muted">{t(panel === 'forgot' ? 'forgot.intro' : 'resend.intro')}</p>
			<submitter.Form
				method="POST"
				action={submitter.action}
				{...getFormProps(form)}
				data-testid={`${panel}-form`}
			>
				<FormAlert form={form} labels={fieldLabels(t, 'auth:fields')} />
				<HiddenFields mode={mode} intent={intent} />
				<EmailField field={fields.email} label={t('fields.email')} />
				<SubmitButton pending={submitter.busy}>
					{t(panel === 'forgot' ? 'forgot.submit' : 'resend.submit')}
				</SubmitButton>
			</submitter.Form>
			<p className="mt-4">
				<PanelLink mode={mode} panel="login" testId="back-to-login">
					{t('login.backToLogin')}
				</PanelLink>
			</p>
		</>
	)
}

export { PANEL_TITLE_KEY }

export function AuthPanels({ mode, panel, email }: { mode: PanelMode; panel: LoginPanel; email: string }) {
	if (panel === 'login') return <LoginForm mode={mode} />
	return <EmailRequestForm key={`${panel}-${email}`} mode={mode} panel={panel} email={email} />
}
