import { type AccountRole, createInvitation, INVITATION_DAYS } from '#app/modules/accounts/index.server.ts'
import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

export type InviteUserResult =
  | { ok: true; userId: string; resent: boolean }
  | { ok: false; reason: 'exists'; message: string }

/**
 * Invites someone by e-mail (DESIGN.md "do better" 6 and 7): creates their account without a
 * password and e-mails a link where they choose one and are signed in. An invitation that was
 * never accepted is sent again with a fresh link; any other existing account is refused.
 * @example const result = await inviteUser({ email, fullName: '', role: 'customer' }, { invitedBy: 'Alex Admin' })
 */
export async function inviteUser(
  input: { email: string; fullName: string; role: AccountRole },
  { invitedBy, actor }: { invitedBy: string; actor?: ActivityActor },
): Promise<InviteUserResult> {
  // Step 1: the account and its one-time token.
  const invitation = await createInvitation(input)
  if (!invitation.ok) return invitation
  // Step 1b: the activity log's entry. The auth library creates the account in its own
  // transaction, so the entry follows it (as an admin's sign-in does).
  if (actor) {
    const db = await getDb()
    await recordActivity(
      {
        actor,
        action: invitation.resent ? 'user.invited-again' : 'user.invited',
        recordType: 'user',
        recordId: invitation.userId,
        recordLabel: input.email,
        changes: invitation.resent
          ? {}
          : { email: { before: null, after: input.email }, role: { before: null, after: input.role } },
      },
      db,
    )
  }
  // Step 2: the e-mail, after the account is stored (never inside a transaction).
  const url = new URL('/update-password', getEnv().PUBLIC_URL)
  url.searchParams.set('token', invitation.token)
  url.searchParams.set('invited', '1')
  await sendMail({
    to: input.email,
    template: 'invitation',
    data: { url: url.toString(), invitedBy, name: input.fullName, validDays: INVITATION_DAYS },
  })
  return { ok: true, userId: invitation.userId, resent: invitation.resent }
}
