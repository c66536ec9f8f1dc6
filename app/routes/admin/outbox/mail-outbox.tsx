import { RotateCwIcon } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { DataTable } from '#app/components/admin/data-table.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { listOutbox, retrieveOutboxMessage } from '#app/modules/mail/index.server.ts'
import type { OutboxMessageSummaryDto } from '#app/modules/mail/types.ts'
import { pageCountOf } from '#app/rules/list-counts.ts'
import { refused, succeeded } from '#app/utils/action-reply.server.ts'
import { type ActionResult, toastActionResult } from '#app/utils/action-result.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { retryMailByAdmin } from '#app/workflows/retry-mail.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/mail-outbox.ts'

const OUTBOX_FILTERS = ['all', 'failed'] as const
const PAGE_SIZE = 50

const OutboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  id: z.uuid().optional().catch(undefined),
  filter: z.enum(OUTBOX_FILTERS).catch('all'),
})

type Filter = (typeof OUTBOX_FILTERS)[number]

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const requestedId = params.get('id')
  const { page, id, filter } = OutboxQuerySchema.parse({
    page: params.get('page') ?? undefined,
    id: requestedId ?? undefined,
    filter: params.get('filter') ?? undefined,
  })
  const [{ messages, total }, failed, selected] = await Promise.all([
    listOutbox({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, failed: filter === 'failed' }),
    listOutbox({ limit: 1, failed: true }),
    id ? retrieveOutboxMessage(id) : null,
  ])
  const pageCount = pageCountOf(total, PAGE_SIZE)
  return {
    messages,
    total,
    failedCount: failed.total,
    filter: filter as Filter,
    page,
    pageCount,
    selected,
    notFound: requestedId !== null && !selected,
  }
}

const RetryFormSchema = z.object({ messageId: z.uuid() })

const mailNotSent = (status: number, description: string) =>
  refused(null, description, status, undefined, 'Mail Not Sent')

/** Retry: a failed message is sent again as it was stored. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const form = await request.formData().catch(() => new FormData())
  if (form.get('intent') !== 'retry') return mailNotSent(400, 'Unknown request.')
  const parsed = parseForm(RetryFormSchema, { messageId: form.get('messageId') })
  if (!parsed.ok) return mailNotSent(404, 'That message was not found.')
  const outcome = await retryMailByAdmin(parsed.data.messageId, actor)
  if (outcome.status === 'sent') return succeeded(null, 'Mail Sent', 'The message was delivered.')
  if (outcome.status === 'failed') return mailNotSent(502, `The mail server refused it again: ${outcome.error}`)
  if (outcome.status === 'no-transport') return mailNotSent(409, 'No mail server is configured (SMTP_URL).')
  return mailNotSent(409, 'This message is not waiting for a retry: it was sent, or is being sent.')
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

// The outbox holds sign-in and password links: never keep a copy in a cache.
export const headers = privatePage

export const meta = () => adminMeta('Mail Outbox')

/** Dates in UTC, so the server and the browser render the same text. */
function formatDate(value: Date | string) {
  return `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

function pageHref(filter: Filter, page: number, id?: string) {
  const params = new URLSearchParams({ page: String(page) })
  if (filter !== 'all') params.set('filter', filter)
  if (id) params.set('id', id)
  return `?${params}`
}

function RetryButton({ messageId, subject }: { messageId: string; subject: string }) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="messageId" value={messageId} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {busy ? <Spinner /> : <RotateCwIcon aria-hidden />} Retry<span className="sr-only"> “{subject}”</span>
      </Button>
    </fetcher.Form>
  )
}

function StatusBadge({ message }: { message: Pick<OutboxMessageSummaryDto, 'status' | 'error'> }) {
  if (message.status === 'sent') return <Badge variant="success">Sent</Badge>
  if (message.status === 'failed') return <Badge variant="destructive">Failed</Badge>
  return <Badge variant="secondary">Not sent (outbox only)</Badge>
}

export default function MailOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, total, failedCount, filter, page, pageCount, selected, notFound } = loaderData
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Mail Outbox</h1>
      <p className="mt-2 text-muted-foreground">
        Every e-mail the shop has written, newest first. Without an SMTP server configured, messages stay here.
      </p>

      {notFound ? (
        <p role="alert" className="mt-6 rounded-md border border-destructive/40 px-4 py-3 text-destructive">
          That message was not found.
        </p>
      ) : null}

      {selected ? (
        <Card className="mt-8" aria-labelledby="outbox-message-subject">
          <CardHeader>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-1.5">
                <CardTitle id="outbox-message-subject" className="break-words text-xl">
                  {selected.subject}
                </CardTitle>
                <CardDescription className="break-all">
                  To {selected.to} · {formatDate(selected.createdAt)} · {selected.template}
                </CardDescription>
              </div>
              <Button asChild variant="outline" size="sm">
                <Link to={pageHref(filter, page)}>Close</Link>
              </Button>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge message={selected} />
              {selected.sentAt ? <span>Sent {formatDate(selected.sentAt)}</span> : null}
              {selected.error ? <span className="break-all text-destructive">{selected.error}</span> : null}
              {selected.status === 'failed' ? <RetryButton messageId={selected.id} subject={selected.subject} /> : null}
            </div>
          </CardHeader>
          <CardContent className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="outbox-text" className="min-w-0">
              <h2 id="outbox-text" className="mb-2 font-semibold">
                Text version
              </h2>
              <pre className="max-h-[36rem] overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted p-4 text-sm">
                {selected.text}
              </pre>
            </section>
            <section aria-labelledby="outbox-html" className="min-w-0">
              <h2 id="outbox-html" className="mb-2 font-semibold">
                HTML version
              </h2>
              <iframe
                title={`HTML version of “${selected.subject}”`}
                srcDoc={selected.html}
                sandbox=""
                className="h-[36rem] w-full rounded-md border bg-white"
              />
            </section>
          </CardContent>
        </Card>
      ) : null}

      <FilterNav
        label="Filter messages"
        options={OUTBOX_FILTERS}
        current={filter}
        labels={{ all: 'All messages', failed: 'Failed' }}
        hrefFor={(option) => pageHref(option, 1)}
        counts={{ failed: failedCount }}
        className="mt-8"
      />

      <Card className="mt-4">
        <CardHeader>
          <CardTitle>{filter === 'failed' ? 'Failed deliveries' : 'Messages'}</CardTitle>
          <CardDescription>
            {total === 1 ? '1 message' : `${total} messages`} · page {page} of {pageCount}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {messages.length === 0 ? (
            <p className="text-muted-foreground">
              {total > 0
                ? 'No messages on this page.'
                : filter === 'failed'
                  ? 'No delivery has failed.'
                  : 'No e-mails have been written yet.'}
            </p>
          ) : (
            <DataTable
              caption="Stored e-mails, newest first"
              headings={['Date', 'To', 'Subject', 'Template', 'Status']}
              minWidth="min-w-[44rem]"
            >
              {messages.map((message) => {
                const current = selected?.id === message.id
                return (
                  <tr key={message.id} className={current ? 'border-b bg-muted/60' : 'border-b'}>
                    <td className="whitespace-nowrap py-2 pr-4 align-top">{formatDate(message.createdAt)}</td>
                    <td className="break-all py-2 pr-4 align-top">{message.to}</td>
                    <td className="py-2 pr-4 align-top">
                      <Link
                        to={pageHref(filter, page, message.id)}
                        aria-current={current ? 'true' : undefined}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {message.subject}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap py-2 pr-4 align-top">{message.template}</td>
                    <td className="py-2 align-top">
                      <StatusBadge message={message} />
                      {message.error ? (
                        <p className="mt-1 line-clamp-2 break-all text-destructive text-xs">{message.error}</p>
                      ) : null}
                      {message.status === 'failed' ? (
                        <div className="mt-2">
                          <RetryButton messageId={message.id} subject={message.subject} />
                        </div>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </DataTable>
          )}
          <ListPager label="Outbox pages" page={page} pageCount={pageCount} hrefFor={(to) => pageHref(filter, to)} />
        </CardContent>
      </Card>
    </div>
  )
}
