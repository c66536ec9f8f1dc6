import { AsyncLocalStorage } from 'node:async_hooks'

const memos = new AsyncLocalStorage<Map<string, Promise<unknown>>>()

/**
 * Runs one HTTP request's page render with a memo of its own: what the root loader, a layout's
 * loader and the page's loader each ask (who is signed in) is looked up once. React Router hands
 * each loader its own copy of the Request, so the memo cannot hang on the Request object.
 * Only reads may use it: the server opens a scope for GET and HEAD requests alone, so an action
 * that signs out or changes a role is never answered from a lookup made before it.
 * @example await inRequestMemo(() => handle(request))
 */
export function inRequestMemo<T>(render: () => Promise<T>): Promise<T> {
  return memos.run(new Map(), render)
}

/**
 * `look` once per key in the current request's scope; outside a scope (tests, scripts, actions),
 * every call looks. A lookup that fails is forgotten, so the next ask tries again.
 * @example const viewer = await memoInRequest(`viewer:${cookie}`, () => lookUpViewer(request))
 */
export function memoInRequest<T>(key: string, look: () => Promise<T>): Promise<T> {
  const memo = memos.getStore()
  if (!memo) return look()
  const kept = memo.get(key) as Promise<T> | undefined
  if (kept) return kept
  const looked = look()
  memo.set(key, looked)
  looked.catch(() => memo.delete(key))
  return looked
}
