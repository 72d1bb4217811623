import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSessionUser } from '#app/hooks/use-root-data.ts'
import { isSilentUser, shouldPlayChatSound } from '#app/utils/chat-live.ts'
import type { RealtimeEvent } from '#app/utils/realtime.ts'
import { Icon } from './icon.tsx'
import { useRealtimeEvent } from './realtime-provider.tsx'

export const PLING_URL = '/sounds/pling.mp3'

/**
 * The new-message sound (spec §2, issue 32, ADR 0162), anywhere in the app for a logged-in user:
 * `/sounds/pling.mp3` on GuestHasNewChatMessage / HostHasNewChatMessage — never for a displayName
 * ending in 'Test', and not while that very thread is open in a visible tab (chat-live.ts).
 * Browsers allow sound only after a user gesture: the first pointerdown/keydown unlocks it
 * (a muted play). Where the browser still refuses, a small muted-speaker button turns it on —
 * never an error or a toast.
 */
export function ChatSound() {
	const { t } = useTranslation('chat')
	const user = useSessionUser()
	const silent = isSilentUser(user)
	const audio = useRef<HTMLAudioElement | null>(null)
	const [blocked, setBlocked] = useState(false)
	const sound = () => (audio.current ??= new Audio(PLING_URL))

	useEffect(() => {
		if (silent) return
		const unlock = () => {
			remove()
			const element = sound()
			element.muted = true
			element
				.play()
				.then(() => {
					element.pause()
					element.currentTime = 0
				})
				.catch(() => {})
				.finally(() => {
					element.muted = false
				})
		}
		const remove = () => {
			window.removeEventListener('pointerdown', unlock, true)
			window.removeEventListener('keydown', unlock, true)
		}
		window.addEventListener('pointerdown', unlock, true)
		window.addEventListener('keydown', unlock, true)
		return remove
	}, [silent])

	const play = () => {
		const element = sound()
		element.muted = false
		element.currentTime = 0
		return element.play()
	}
	const onEvent = (event: RealtimeEvent) => {
		if (!shouldPlayChatSound({ event, user, visible: document.visibilityState === 'visible' })) return
		play().then(
			() => setBlocked(false),
			() => setBlocked(true),
		)
	}
	useRealtimeEvent('GuestHasNewChatMessage', onEvent)
	useRealtimeEvent('HostHasNewChatMessage', onEvent)
	useRealtimeEvent('SupportHasNewMessage', onEvent)

	if (!blocked || silent) return null
	return (
		<button
			type="button"
			className="btn-secondary fixed bottom-4 left-4 z-40 rounded-full p-2 shadow-lg"
			aria-label={t('sound.enable')}
			title={t('sound.enable')}
			data-testid="chat-sound-enable"
			onClick={() => {
				play().then(
					() => setBlocked(false),
					() => {},
				)
			}}
		>
			<Icon name="volumeOff" />
		</button>
	)
}
