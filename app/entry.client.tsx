import i18next from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { initClientI18n } from './utils/i18n.client.ts'
import { getLocaleFromPathname } from './utils/locale.ts'
import { MessagesVersionProvider } from './render/messages-version.tsx'

const locale = getLocaleFromPathname(window.location.pathname)
const version = document.querySelector('meta[name="i18n-version"]')?.getAttribute('content') ?? ''

// Hydrate once the page's messages are there. If they cannot be loaded, the
// server-rendered page keeps working without JavaScript enhancements.
initClientI18n(locale, version).then(
	() => {
		startTransition(() => {
			hydrateRoot(
				document,
				<I18nextProvider i18n={i18next}>
					<MessagesVersionProvider value={version}>
						<StrictMode>
							<HydratedRouter />
						</StrictMode>
					</MessagesVersionProvider>
				</I18nextProvider>,
			)
		})
	},
	(error: unknown) => {
		console.warn('Translations could not be loaded; the page stays server-rendered.', error)
	},
)
