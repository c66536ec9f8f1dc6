declare module 'react-router' {
  interface AppLoadContext {
    /** Nonce for inline scripts, matching this response's Content-Security-Policy. */
    cspNonce: string
    /** The client's address as the server sees it (behind a proxy: from X-Forwarded-For). */
    clientIp: string | undefined
  }
}

export {}
