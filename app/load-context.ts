declare module 'react-router' {
  interface AppLoadContext {
    /** Nonce for inline scripts, matching this response's Content-Security-Policy. */
    cspNonce: string
  }
}

export {}
