import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { Toast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useRootData } from '#app/hooks/use-root-data.ts'

/**
 * Toasts (spec §9: top-right, 5,000 ms, at most 20). sonner is loaded only when
 * the first toast is shown, so pages without toasts do not ship it. Until it
 * is there, toasts wait in a queue that the toaster empties when it mounts.
 */
export type AppToast = Pick<Toast, 'type' | 'title' | 'description'> & { id?: string }

const queue: AppToast[] = []
let requested = false
let deliver: ((toast: AppToast) => void) | null = null
const subscribers = new Set<() => void>()

/** Shows a toast in the style the spec names: danger, warning, info, otherwise success. */
export function showAppToast(toast: AppToast) {
	if (deliver) return deliver(toast)
	queue.push(toast)
	if (!requested) {
		requested = true
		for (const notify of subscribers) notify()
	}
}

/** For the sonner-side component: takes over delivery and empties the queue. */
export function attachToastDelivery(handler: (toast: AppToast) => void) {
	deliver = handler
	for (const toast of queue.splice(0)) handler(toast)
	return () => {
		deliver = null
	}
}

const LazySonnerToaster = lazy(() => import('./toaster-sonner.tsx'))

export function AppToaster({ colorMode }: { colorMode: 'dark' | 'light' }) {
	const needed = useSyncExternalStore(
		(notify) => {
			subscribers.add(notify)
			return () => subscribers.delete(notify)
		},
		() => requested,
		() => false,
	)
	if (!needed) return null
	return (
		<Suspense fallback={null}>
			<LazySonnerToaster colorMode={colorMode} />
		</Suspense>
	)
}

const NOTICE_STYLE: Record<Toast['type'], string> = {
	success: 'border-success text-success',
	info: 'border-accent text-ink',
	warning: 'border-warning text-warning',
	danger: 'border-danger text-danger',
}

/**
 * The toast a server action left in the flash cookie, rendered into the page
 * (issue 11): without JavaScript this alert region is how the visitor reads it.
 * Once React runs it steps aside for the toast (useToastFromServer), so the
 * message is never shown twice.
 */
export function ServerToastNotice() {
	const toast = useRootData()?.toast ?? null
	const hydrated = useHydrated()
	if (!toast || hydrated) return null
	const urgent = toast.type === 'danger' || toast.type === 'warning'
	return (
		<div className="mx-auto max-w-7xl px-4 pt-3">
			<div
				role={urgent ? 'alert' : 'status'}
				className={`rounded-lg border-2 bg-surface p-3 text-sm break-words ${NOTICE_STYLE[toast.type]}`}
				data-testid="server-toast"
				data-type={toast.type}
			>
				{toast.title ? <p className="font-semibold">{toast.title}</p> : null}
				<p>{toast.description}</p>
			</div>
		</div>
	)
}

/** Shows the toast a server action left in the flash cookie. */
export function useToastFromServer(toast: Toast | null) {
	useEffect(() => {
		if (toast) showAppToast(toast)
	}, [toast])
}
