import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster, toast as showToast } from 'sonner'
import type { Toast } from '#app/utils/toast.server.ts'

/** Spec §9: top-right, 5,000 ms, at most 20 at once. */
export const TOAST_DURATION_MS = 5_000
export const MAX_VISIBLE_TOASTS = 20

export function AppToaster({ colorMode }: { colorMode: 'dark' | 'light' }) {
	const { t } = useTranslation()
	return (
		<Toaster
			position="top-right"
			duration={TOAST_DURATION_MS}
			visibleToasts={MAX_VISIBLE_TOASTS}
			theme={colorMode}
			richColors
			closeButton
			toastOptions={{ closeButtonAriaLabel: t('toast.dismiss') }}
		/>
	)
}

/** Shows a toast in the style the spec names: danger, warning, info, otherwise success. */
export function showAppToast(toast: Pick<Toast, 'type' | 'title' | 'description'> & { id?: string }) {
	const options = { id: toast.id, description: toast.title ? toast.description : undefined }
	const text = toast.title ?? toast.description
	switch (toast.type) {
		case 'danger':
			return showToast.error(text, options)
		case 'warning':
			return showToast.warning(text, options)
		case 'info':
			return showToast.info(text, options)
		default:
			return showToast.success(text, options)
	}
}

/** Shows the toast a server action left in the flash cookie. */
export function useToastFromServer(toast: Toast | null) {
	useEffect(() => {
		if (!toast) return
		// Give the Toaster a tick to mount on the first render.
		const timer = setTimeout(() => showAppToast(toast), 0)
		return () => clearTimeout(timer)
	}, [toast])
}
