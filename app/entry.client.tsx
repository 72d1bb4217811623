import i18next from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { initClientI18n } from './utils/i18n.client.ts'
import { getLocaleFromPathname } from './utils/locale.ts'

const locale = getLocaleFromPathname(window.location.pathname)
const version = document.querySelector('meta[name="i18n-version"]')?.getAttribute('content') ?? ''

/**
 * After the browser has painted the server's HTML once (a frame, then a task). Hydration is the
 * page's longest main-thread work; started before the first paint it holds that paint back, and
 * Lighthouse's simulated phone then counts all of it before the page's first and largest paint
 * (issue 11, docs/subsystems/performance.md, follow-up 8).
 */
function afterFirstPaint(): Promise<void> {
	return new Promise((resolve) => {
		requestAnimationFrame(() => setTimeout(resolve, 0))
		// A tab opened in the background gets no frames until it is shown: hydrate anyway.
		setTimeout(resolve, 250)
	})
}

// Hydrate once the page's messages are there and it has been painted. If the messages cannot be
// loaded, the server-rendered page keeps working without JavaScript enhancements.
Promise.all([initClientI18n(locale, version), afterFirstPaint()]).then(
	() => {
		startTransition(() => {
			hydrateRoot(
				document,
				<I18nextProvider i18n={i18next}>
					<StrictMode>
						<HydratedRouter />
					</StrictMode>
				</I18nextProvider>,
			)
		})
	},
	(error: unknown) => {
		console.warn('Translations could not be loaded; the page stays server-rendered.', error)
	},
)
