import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster, toast as sonnerToast } from 'sonner'
import { attachToastDelivery, type AppToast } from './toaster.tsx'

/** Spec §9: top-right, 5,000 ms, at most 20 at once. */
export const TOAST_DURATION_MS = 5_000
export const MAX_VISIBLE_TOASTS = 20

function show(toast: AppToast) {
	const options = { id: toast.id, description: toast.title ? toast.description : undefined }
	const text = toast.title ?? toast.description
	switch (toast.type) {
		case 'danger':
			return void sonnerToast.error(text, options)
		case 'warning':
			return void sonnerToast.warning(text, options)
		case 'info':
			return void sonnerToast.info(text, options)
		default:
			return void sonnerToast.success(text, options)
	}
}

/** The sonner Toaster, loaded on demand by AppToaster. */
export default function SonnerToaster({ colorMode }: { colorMode: 'dark' | 'light' }) {
	const { t } = useTranslation()
	// sonner's Toaster subscribes to toasts in an effect; deliver after it has.
	useEffect(() => {
		let detach: (() => void) | undefined
		const timer = setTimeout(() => (detach = attachToastDelivery(show)), 0)
		return () => {
			clearTimeout(timer)
			detach?.()
		}
	}, [])
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
