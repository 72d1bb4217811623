import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster, toast as sonnerToast } from 'sonner'
import { attachToastDelivery, type AppToast } from './toaster.tsx'

/** Spec §9: top-right, 5,000 ms, at most 20 at once. */
export const TOAST_DURATION_MS = 5_000
export const MAX_VISIBLE_TOASTS = 20

/**
 * The login modal is a native modal <dialog>, i.e. in the browser's top layer,
 * above every z-index (spec §9: modal 1055, toasts above it). The toaster lives
 * in a manual popover, also in the top layer; showing it again before each
 * toast puts it above a dialog opened since.
 */
function raise(layer: HTMLElement | null) {
	if (!layer || typeof layer.showPopover !== 'function') return
	if (layer.matches(':popover-open')) layer.hidePopover()
	layer.showPopover()
}

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
	const layer = useRef<HTMLDivElement>(null)
	// sonner's Toaster subscribes to toasts in an effect; deliver after it has.
	useEffect(() => {
		let detach: (() => void) | undefined
		const deliver = (toast: AppToast) => {
			raise(layer.current)
			show(toast)
		}
		const timer = setTimeout(() => (detach = attachToastDelivery(deliver)), 0)
		return () => {
			clearTimeout(timer)
			detach?.()
		}
	}, [])
	return (
		<div ref={layer} popover="manual" className="toast-layer" data-testid="toast-layer">
			<Toaster
				position="top-right"
				duration={TOAST_DURATION_MS}
				visibleToasts={MAX_VISIBLE_TOASTS}
				theme={colorMode}
				richColors
				closeButton
				toastOptions={{ closeButtonAriaLabel: t('toast.dismiss') }}
			/>
		</div>
	)
}
