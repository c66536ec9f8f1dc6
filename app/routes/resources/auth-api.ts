import { data, redirect } from 'react-router'
import { answerAuthLink } from '#app/modules/accounts/index.server.ts'
import { sameOriginPath } from '#app/utils/redirect-to.server.ts'
import type { Route } from './+types/auth-api.ts'

// Only the auth library's e-mail link endpoints are reachable from outside: the verification and
// password-reset links, which redirect on to /auth/callback and /update-password. Every other
// operation goes through our own forms, which apply the shop's validation (password rules,
// messages) before calling the library in-process.
const publicLinkPaths = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[A-Za-z0-9_-]+$/]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, searchParams } = new URL(request.url)
  if (!publicLinkPaths.some((pattern) => pattern.test(pathname))) throw data(null, { status: 404 })
  // The library follows a link's callbackURL; our e-mails only ever name a page of the shop, so a
  // link that names anything else was made by someone else (decision 014).
  if (searchParams.getAll('callbackURL').some((callbackURL) => sameOriginPath(callbackURL) === null)) {
    throw redirect('/auth/callback?error=INVALID_CALLBACK_URL')
  }
  return answerAuthLink(request, context.clientIp)
}

export function action() {
  throw data(null, { status: 404 })
}
