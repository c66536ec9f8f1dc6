import { getAuth } from '#app/modules/accounts/index.server.ts'
import type { Route } from './+types/auth-api.ts'

// The auth library's own endpoints: the e-mailed verification and password-reset links land here
// and redirect on to /auth/callback and /update-password.
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request)
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request)
}
