declare module 'react-router' {
  interface AppLoadContext {
    /**
     * Nonce for inline scripts, matching this response's Content-Security-Policy; empty for a page
     * rendered for the page cache, whose policy lists its inline scripts' hashes instead.
     */
    cspNonce: string
    /**
     * The client's address: the socket's, or behind the proxies TRUST_PROXY names, the one they
     * put in X-Forwarded-For. Every per-client limit uses this, never a header (decision 022).
     */
    clientIp: string | undefined
  }
}

export {}
