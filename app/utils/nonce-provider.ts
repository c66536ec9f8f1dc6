import { createContext, useContext } from 'react'

// The CSP nonce reaches the scripts React renders through context, not through loader data: data is
// page text (kept in cached copies, sent in `.data` answers), and a nonce belongs in attributes only.
// In the browser it is '', as the browser itself hides the attribute's value from the page; it is
// '' too in a page rendered for the page cache, whose inline scripts are allowed by their hashes.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

/** The nonce for a script's attribute, or undefined where there is none (no empty attribute). */
export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined
}
