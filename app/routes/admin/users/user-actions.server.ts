import { updateUser } from '#app/modules/accounts/index.server.ts'
import {
  USER_NOT_FOUND,
  UserEditFormSchema,
  UserIdFormSchema,
  UserInviteFormSchema,
} from '#app/modules/accounts/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'
import { deleteUserKeepingRecords } from '#app/workflows/delete-user.server.ts'
import { inviteUser } from '#app/workflows/invite-user.server.ts'
import { userAudit } from '#app/workflows/user-audit.server.ts'
import type { UserIntent } from './user-types.ts'

type Fields = Record<string, FormDataEntryValue>

const actorOf = (viewer: Viewer) => ({ id: viewer.id, label: viewer.email })

const UPDATE_FAILED = 'Update failed'
const DELETE_FAILED = 'Deletion failed'
const INVITE_FAILED = 'Invitation failed'

const failure = (intent: UserIntent | null, status: number, title: string, description: string) =>
  refused(intent, description, status, undefined, title)

/** Edit: full name, e-mail (required) and role; the role applies from the user's next request. */
export async function updateUserFromForm(fields: Fields, viewer: Viewer) {
  const id = parseForm(UserIdFormSchema, fields)
  if (!id.ok) return failure('update', 404, UPDATE_FAILED, USER_NOT_FOUND)
  const parsed = parseForm(UserEditFormSchema, fields)
  if (!parsed.ok) return refusedForm('update', parsed, { title: UPDATE_FAILED })
  const { userId, ...input } = parsed.data
  try {
    const result = await updateUser(userId, input, userAudit(actorOf(viewer)))
    if (!result.ok) {
      return result.reason === 'not-found'
        ? failure('update', 404, UPDATE_FAILED, USER_NOT_FOUND)
        : failure('update', 400, UPDATE_FAILED, result.message)
    }
    return succeeded(
      'update',
      'User Updated!',
      `${input.fullName || input.email} is ${input.role === 'Admin' ? 'an Admin' : 'a customer'}.`,
    )
  } catch (err) {
    logger.error({ err, userId }, 'User could not be updated')
    return failure('update', 500, UPDATE_FAILED, 'Please try again.')
  }
}

/** Delete, after the page has asked for confirmation; never the admin's own account. */
export async function deleteUserFromForm(fields: Fields, viewer: Viewer) {
  const parsed = parseForm(UserIdFormSchema, fields)
  if (!parsed.ok) return failure('delete', 404, DELETE_FAILED, USER_NOT_FOUND)
  try {
    const result = await deleteUserKeepingRecords(parsed.data.userId, { actor: actorOf(viewer) })
    if (!result.ok) {
      return result.reason === 'not-found'
        ? failure('delete', 404, DELETE_FAILED, USER_NOT_FOUND)
        : failure('delete', 400, DELETE_FAILED, result.message)
    }
    return succeeded('delete', 'User Deleted', `${result.email} was deleted. Their orders and invoices are kept.`)
  } catch (err) {
    logger.error({ err, userId: parsed.data.userId }, 'User could not be deleted')
    return failure('delete', 500, DELETE_FAILED, 'Please try again.')
  }
}

/** Invite by e-mail: the account is created without a password and the link e-mailed. */
export async function inviteUserFromForm(fields: Fields, viewer: Viewer) {
  const parsed = parseForm(UserInviteFormSchema, fields)
  if (!parsed.ok) return refusedForm('invite', parsed, { title: INVITE_FAILED })
  try {
    const result = await inviteUser(parsed.data, {
      invitedBy: viewer.name.trim() || 'The LayerWorks 3D team',
      actor: actorOf(viewer),
    })
    if (!result.ok) return failure('invite', 409, INVITE_FAILED, result.message)
    return succeeded(
      'invite',
      'Invitation Sent',
      result.resent
        ? `${parsed.data.email} had not accepted yet: a new invitation was sent.`
        : `An invitation was e-mailed to ${parsed.data.email}.`,
    )
  } catch (err) {
    logger.error({ err }, 'Invitation could not be sent')
    return failure('invite', 500, INVITE_FAILED, 'Please try again.')
  }
}

export function unknownIntent() {
  return failure(null, 400, 'Error', 'Unknown request.')
}
