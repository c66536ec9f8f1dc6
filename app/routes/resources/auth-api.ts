import { data } from 'react-router'
import { answerAuthLink } from '#app/modules/accounts/index.server.ts'
import type { Route } from './+types/auth-api.ts'

// Only the auth library's e-mail link endpoints are reachable from outside: the verification and
// password-reset links, which redirect on to /auth/callback and /update-password. Every other
// operation goes through our own forms, which apply the shop's validation (password rules,
// messages) before calling the library in-process.
const publicLinkPaths = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[A-Za-z0-9_-]+$/]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  if (!publicLinkPaths.some((pattern) => pattern.test(pathname))) throw data(null, { status: 404 })
  return answerAuthLink(request, context.clientIp)
}

export function action() {
  throw data(null, { status: 404 })
}
