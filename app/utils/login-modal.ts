import { useSyncExternalStore } from 'react'

/**
 * The login modal (#modal-login, spec §2/§4) as a tiny store, so any page can
 * ask for it (`openLoginModal()`), e.g. the header's login link or the checkout.
 */
export type LoginPanel = 'login' | 'forgot' | 'resend'
export type LoginModalState = { open: boolean; panel: LoginPanel; email: string }

/** Title of each panel in the `auth` namespace. */
export const PANEL_TITLE_KEY = {
	login: 'login.title',
	forgot: 'forgot.title',
	resend: 'resend.title',
} as const

const CLOSED: LoginModalState = { open: false, panel: 'login', email: '' }
let state: LoginModalState = CLOSED
const listeners = new Set<() => void>()

function set(next: LoginModalState) {
	state = next
	for (const listener of listeners) listener()
}

export function openLoginModal(options: { panel?: LoginPanel; email?: string } = {}) {
	set({ open: true, panel: options.panel ?? 'login', email: options.email ?? '' })
}

export function showLoginPanel(panel: LoginPanel, email = '') {
	set({ ...state, panel, email })
}

export function closeLoginModal() {
	if (state.open) set(CLOSED)
}

export function useLoginModal(): LoginModalState {
	return useSyncExternalStore(
		(listener) => {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
		() => state,
		() => CLOSED,
	)
}
