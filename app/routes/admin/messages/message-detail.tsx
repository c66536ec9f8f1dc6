import { BackLink } from '#app/components/admin/admin-page.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ContactMessageIdSchema, urgencyOptions } from '#app/modules/contact/schemas.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { loadContactMessagePage } from '#app/workflows/contact-inbox.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/message-detail.ts'
import { messageNotFound, replyAction, statusAction, unknownIntent } from './message-actions.server.ts'
import { MessageDate, MessageStatusBadge, UrgencyBadge } from './message-badges.tsx'
import { MessageFiles, RepliesList, ReplyForm, StatusButtons } from './message-panels.tsx'
import { SenderCard } from './sender-records.tsx'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const page = await loadContactMessagePage(params.messageId)
  if (!page) {
    throw await redirectWithToast('/admin/messages', {
      title: 'Error',
      description: 'Message not found.',
      variant: 'destructive',
    })
  }
  return page
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request)
  const form = await request.formData().catch(() => new FormData())
  const messageId = ContactMessageIdSchema.safeParse(params.messageId)
  if (!messageId.success) return messageNotFound()
  switch (form.get('intent')) {
    case 'reply':
      return replyAction(form, viewer, messageId.data)
    case 'set-status':
      return statusAction(form, viewer, messageId.data)
    default:
      return unknownIntent()
  }
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Message: ${loaderData.message.subject}` : 'Message'
  return adminMeta(title)
}

export default function AdminMessageDetail({ loaderData }: Route.ComponentProps) {
  const { message, sender } = loaderData
  const urgency = urgencyOptions.find((option) => option.value === message.urgency)?.label ?? message.urgency
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <BackLink to="/admin/messages">All messages</BackLink>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words font-bold text-3xl tracking-tight">{message.subject}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
            <MessageStatusBadge status={message.status} />
            <UrgencyBadge urgency={message.urgency} />
            <span>
              Received <MessageDate value={message.createdAt} />
            </span>
          </p>
        </div>
        <StatusButtons key={message.status} status={message.status} />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Message</h2>
              </CardTitle>
              <CardDescription className="break-all">
                From {message.name} &lt;{message.email}&gt; · {urgency}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <p className="whitespace-pre-wrap break-words" data-testid="message-text">
                {message.message}
              </p>
              <MessageFiles messageId={message.id} files={message.files} />
            </CardContent>
          </Card>
          <RepliesList replies={message.replies} />
          <ReplyForm email={message.email} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <SenderCard email={message.email} sender={sender} />
        </div>
      </div>
    </section>
  )
}
