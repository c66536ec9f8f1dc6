import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

// An id the balancer or proxy in front gave the request (haproxy's unique-id, nginx's $request_id).
// Anything else in the header is replaced, so a log line never carries arbitrary text from a client.
const FORWARDED_REQUEST_ID = /^[\w.:@/+=-]{8,128}$/

/**
 * The request's id for its log line: the one the balancer sent in X-Request-Id, or a new UUID. The
 * answer carries it back in X-Request-Id, so a customer's report or a balancer's log line finds the
 * shop's own line.
 */
export function requestIdOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-request-id']
  return typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID()
}
