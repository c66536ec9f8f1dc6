import { createContext, useContext } from 'react'

// The inline script that starts the page's modules once it has loaded (decision 041,
// boot-after-load.server.ts). Like the stylesheet (inline-stylesheet.tsx), entry.server.tsx
// provides its text and the browser's context is empty, so the text is not in the page's
// JavaScript too; React hydrates the server's <script> as it is and never runs or writes it again.
const BootScriptContext = createContext('')

export const BootScriptProvider = BootScriptContext.Provider

export function BootAfterLoad({ nonce }: { nonce?: string }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, see boot-after-load.server.ts
      dangerouslySetInnerHTML={{ __html: useContext(BootScriptContext) }}
    />
  )
}
