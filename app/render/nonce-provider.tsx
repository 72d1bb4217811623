import { createContext, useContext } from 'react'

/** The CSP nonce of the server response (empty in the browser, where it is not needed). */
const NonceContext = createContext<string>('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
