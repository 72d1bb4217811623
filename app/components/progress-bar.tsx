import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation } from 'react-router'

/** Spec §9 loading bar: throttle 200 ms, duration 2000 ms, hide delay 500 ms, reset delay 400 ms. */
export const PROGRESS_THROTTLE_MS = 200
export const PROGRESS_DURATION_MS = 2_000
export const PROGRESS_HIDE_DELAY_MS = 500
export const PROGRESS_RESET_DELAY_MS = 400

type Phase = 'idle' | 'running' | 'finishing' | 'resetting'

export function ProgressBar() {
	const { t } = useTranslation()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle'
	const [phase, setPhase] = useState<Phase>('idle')

	useEffect(() => {
		if (busy) {
			// Fast navigations never show the bar.
			const timer = setTimeout(() => setPhase('running'), PROGRESS_THROTTLE_MS)
			return () => clearTimeout(timer)
		}
		if (phase !== 'running') return
		const timer = setTimeout(() => setPhase('finishing'), 0)
		return () => clearTimeout(timer)
	}, [busy, phase])

	useEffect(() => {
		if (phase === 'finishing') {
			const timer = setTimeout(() => setPhase('resetting'), PROGRESS_HIDE_DELAY_MS)
			return () => clearTimeout(timer)
		}
		if (phase === 'resetting') {
			const timer = setTimeout(() => setPhase('idle'), PROGRESS_RESET_DELAY_MS)
			return () => clearTimeout(timer)
		}
	}, [phase])

	const width = phase === 'running' ? '80%' : phase === 'finishing' ? '100%' : '0%'
	const visible = phase === 'running' || phase === 'finishing'
	return (
		<div
			role="progressbar"
			aria-hidden={!visible}
			aria-label={t('loading')}
			data-phase={phase}
			className="pointer-events-none fixed inset-x-0 top-0 z-[1100] h-1"
		>
			<div
				className="h-full bg-accent shadow-[0_0_8px] shadow-accent"
				style={{
					width,
					opacity: visible ? 1 : 0,
					transition:
						phase === 'running'
							? `width ${PROGRESS_DURATION_MS}ms ease-out`
							: phase === 'finishing'
								? 'width 150ms ease-in, opacity 300ms ease 200ms'
								: 'none',
				}}
			/>
		</div>
	)
}
