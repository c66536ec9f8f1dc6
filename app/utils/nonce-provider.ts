import { createContext, useContext } from 'react'

// The CSP nonce reaches the scripts React renders through context, not through loader data: data is
// page text (kept in cached copies, sent in `.data` answers), and a nonce belongs in attributes only.
// In the browser it is '', as the browser itself hides the attribute's value from the page.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
