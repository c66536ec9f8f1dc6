import type { DbOrTx } from './db.server.ts'
import { logger } from './logger.server.ts'

type Listener = (reason: string) => void

// Kept on globalThis so the development server's module reloads keep the page cache's subscription.
const store = globalThis as typeof globalThis & { __shopPublicChangeListeners?: Set<Listener> }
store.__shopPublicChangeListeners ??= new Set()
const listeners = store.__shopPublicChangeListeners

/**
 * Says that something every visitor sees has changed (the catalog, its stock, content, approved
 * reviews), so kept copies of public pages are dropped (server/page-cache.ts subscribes). Call it
 * once the change is committed: a page rendered between the call and the commit would be kept
 * with the old data.
 * @example
 * const approved = await db.transaction(async (tx) => approveReview(id, tx))
 * if (approved) announcePublicChange('review approved')
 */
export function announcePublicChange(reason: string) {
  for (const listener of listeners) {
    try {
      listener(reason)
    } catch (error) {
      // The change itself is saved: a listener's failure must not turn it into an error page.
      logger.error({ err: error, reason }, 'a public change listener failed')
    }
  }
}

/**
 * For a module's write that may run in a caller's transaction: announces at once when it ran on
 * its own (it is committed now). Inside a transaction, the caller announces after its commit.
 * @example announceUnlessInTransaction(tx, 'product updated')
 */
export function announceUnlessInTransaction(tx: DbOrTx | undefined, reason: string) {
  if (!tx) announcePublicChange(reason)
}

/**
 * Calls `listener` with the reason of every announced change; returns the unsubscribe.
 * @example const stop = onPublicChange((reason) => pages.clear())
 */
export function onPublicChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
