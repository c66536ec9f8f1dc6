import { data } from 'react-router'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import type { Route } from './+types/admin-not-found.ts'

// Any unknown address under /admin: the role check comes first, so a customer learns nothing
// about which back-office pages exist; an admin gets an ordinary 404.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  throw data(null, { status: 404 })
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  throw data(null, { status: 404 })
}

export default function AdminNotFound() {
  return null
}
