import { lazy, Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { closeLoginModal, PANEL_TITLE_KEY, useLoginModal } from '#app/utils/login-modal.ts'

// The forms (Conform, Zod schemas) load when the modal first opens, not with every page.
const AuthPanels = lazy(() => import('./auth-panels.tsx').then((module) => ({ default: module.AuthPanels })))

/**
 * #modal-login (spec §2): a native modal dialog — focus stays inside, Escape
 * and the close button close it, a click on the backdrop does not. z-index 1055
 * (spec §9; the dialog is in the top layer anyway). Closes after a navigation,
 * e.g. the redirect of a successful login.
 */
export function LoginModal() {
	const { t } = useTranslation('auth')
	const state = useLoginModal()
	const dialog = useRef<HTMLDialogElement>(null)
	const location = useLocation()

	useEffect(() => {
		const element = dialog.current
		if (!element) return
		if (state.open && !element.open) element.showModal()
		if (!state.open && element.open) element.close()
	}, [state.open])

	useEffect(() => {
		closeLoginModal()
	}, [location.key])

	return (
		<dialog
			id="modal-login"
			ref={dialog}
			aria-labelledby="modal-login-title"
			className="z-[1055] m-auto w-full max-w-md rounded-xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60"
			onCancel={(event) => {
				event.preventDefault()
				closeLoginModal()
			}}
			data-testid="login-modal"
		>
			{state.open ? (
				<div className="p-6">
					<div className="mb-4 flex items-start justify-between gap-4">
						<h2 id="modal-login-title" className="text-2xl font-bold">
							{t(PANEL_TITLE_KEY[state.panel])}
						</h2>
						<button
							type="button"
							className="btn-ghost px-2"
							onClick={closeLoginModal}
							aria-label={t('login.close')}
						>
							<span aria-hidden="true" className="text-2xl leading-none">
								×
							</span>
						</button>
					</div>
					<Suspense fallback={<p className="text-ink-muted">{t('loading', { ns: 'common' })}</p>}>
						<AuthPanels key={state.panel} mode={{ kind: 'modal' }} panel={state.panel} email={state.email} />
					</Suspense>
				</div>
			) : null}
		</dialog>
	)
}
