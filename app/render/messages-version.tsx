import { createContext, useContext } from 'react'
import { useRootData } from '#app/hooks/use-root-data.ts'

/**
 * The version of the message files the browser loads (`/_i18n/<version>/…`). The root loader
 * sends it with every page; the root's error page has no loader data (a guard threw before the
 * loaders ran), so the document render also provides it here: on the server from the build,
 * in the browser from the page's own `<meta name="i18n-version">`. Without it an error page's
 * messages could not be loaded and the page would never hydrate.
 */
const MessagesVersionContext = createContext<string>('')
export const MessagesVersionProvider = MessagesVersionContext.Provider

export function useMessagesVersion(): string {
	const fromDocument = useContext(MessagesVersionContext)
	return useRootData()?.messagesVersion ?? fromDocument
}
