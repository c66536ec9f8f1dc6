import { redirect } from 'react-router'
import { loginPathFor } from '../utils/redirect-to.server.ts'
import { redirectWithToast } from '../utils/toast.server.ts'
import { getViewer, type Viewer } from './viewer.server.ts'

/**
 * The signed-in user, or a redirect to log in that brings the visitor back to this page.
 * Call it first in every loader and action of a page that needs an account.
 * @example const viewer = await requireUser(request)
 */
export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request)
  if (!viewer) throw redirect(loginPathFor(request))
  return viewer
}

/**
 * The signed-in admin. A visitor is sent to log in; a signed-in non-admin gets 'Access Denied'
 * and lands on /account (back-office §2). Call it first in every admin loader and action.
 */
export async function requireAdmin(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request)
  if (!viewer.isAdmin) {
    throw await redirectWithToast('/account', {
      title: 'Access Denied',
      description: 'You do not have permission to view that page.',
      variant: 'destructive',
    })
  }
  return viewer
}

/**
 * The signed-in admin as the activity log names them, for an action that writes. The same checks
 * as requireAdmin.
 * @example const actor = await requireAdminActor(request); await saveGuide(fields, intent, actor)
 */
export async function requireAdminActor(request: Request): Promise<{ id: string; label: string }> {
  const admin = await requireAdmin(request)
  return { id: admin.id, label: admin.email }
}
