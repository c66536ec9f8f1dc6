import { ArchiveIcon, CheckIcon, DownloadIcon, InboxIcon, SendIcon } from 'lucide-react'
import { useRef } from 'react'
import { Link, useFetcher } from 'react-router'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { TextareaField } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { CONTACT_REPLY_MAX_LENGTH } from '#app/modules/contact/schemas.ts'
import type { ContactFileDto, ContactMessageStatus, ContactReplyDto } from '#app/modules/contact/types.ts'
import { formatFileSize } from '#app/rules/model-files.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { MessageDate } from './message-badges.tsx'

// The message page's panels: each posts one intent to the page's action, whose `clientAction`
// raises the toast (decision 012).

const kindLabels: Record<ContactFileDto['kind'], string> = { image: 'Photo', pdf: 'PDF', model: '3D model' }

export function MessageFiles({ messageId, files }: { messageId: string; files: ContactFileDto[] }) {
  if (files.length === 0) return null
  return (
    <section aria-labelledby="message-files-title" className="grid gap-2">
      <h3 id="message-files-title" className="font-medium text-sm">
        Files
      </h3>
      <ul className="grid gap-2">
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
            <span className="min-w-0 break-all text-sm">
              <span className="font-medium">{file.fileName}</span>{' '}
              <span className="text-muted-foreground">
                · {kindLabels[file.kind]} · {formatFileSize(file.size)}
              </span>
            </span>
            <Button asChild variant="outline" size="sm">
              {/* A download from an admin-only route, never a public address. */}
              <a href={`/admin/messages/${messageId}/files/${file.id}`} download={file.fileName}>
                <DownloadIcon aria-hidden /> Download<span className="sr-only"> {file.fileName}</span>
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}

const moves: Record<ContactMessageStatus, { status: ContactMessageStatus; label: string; icon: typeof InboxIcon }[]> = {
  new: [
    { status: 'answered', label: 'Mark as Answered', icon: CheckIcon },
    { status: 'archived', label: 'Archive', icon: ArchiveIcon },
  ],
  answered: [
    { status: 'archived', label: 'Archive', icon: ArchiveIcon },
    { status: 'new', label: 'Move to New', icon: InboxIcon },
  ],
  archived: [{ status: 'new', label: 'Move to New', icon: InboxIcon }],
}

export function StatusButtons({ status }: { status: ContactMessageStatus }) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  return (
    <div className="flex flex-wrap gap-2">
      {moves[status].map((move) => (
        <fetcher.Form key={move.status} method="post">
          <input type="hidden" name="intent" value="set-status" />
          <input type="hidden" name="status" value={move.status} />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            {busy && fetcher.formData?.get('status') === move.status ? <Spinner /> : <move.icon aria-hidden />}
            {move.label}
          </Button>
        </fetcher.Form>
      ))}
    </div>
  )
}

export function ReplyForm({ email }: { email: string }) {
  const form = useRef<HTMLFormElement>(null)
  const { fetcher, busy, errors } = useActionForm({ onOk: () => form.current?.reset() })
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Reply</h2>
        </CardTitle>
        <CardDescription className="break-all">
          E-mailed to {email}, with their message quoted; their answer comes back to the shop’s address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={form} method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="reply" />
          <TextareaField
            id="message-reply"
            label="Your reply"
            error={errors.body}
            name="body"
            rows={6}
            maxLength={CONTACT_REPLY_MAX_LENGTH}
          />
          <SubmitButton busy={busy} icon={<SendIcon aria-hidden />} className="justify-self-start">
            Send Reply
          </SubmitButton>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

type Reply = Omit<ContactReplyDto, 'sentAt'> & { sentAt: Date | string }

export function RepliesList({ replies }: { replies: Reply[] }) {
  if (replies.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Replies</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4" aria-label="Replies">
          {replies.map((reply) => (
            <li key={reply.id} className="grid gap-1 border-l-2 border-primary/40 pl-3" data-testid="message-reply">
              <p className="whitespace-pre-wrap break-words text-sm">{reply.body}</p>
              <p className="text-muted-foreground text-xs">
                {reply.adminLabel} · <MessageDate value={reply.sentAt} />
                {reply.mailId ? (
                  <>
                    {' · '}
                    <Link to={`/admin/outbox?id=${reply.mailId}`} className="text-primary hover:underline">
                      E-mail in the outbox
                    </Link>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  )
}
