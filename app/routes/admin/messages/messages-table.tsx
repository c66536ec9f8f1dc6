import { PaperclipIcon } from 'lucide-react'
import { Link } from 'react-router'
import { DataTable } from '#app/components/admin/data-table.tsx'
import type { ContactMessageSummaryDto } from '#app/modules/contact/types.ts'
import { MessageDate, MessageStatusBadge, UrgencyBadge } from './message-badges.tsx'

type Row = Omit<ContactMessageSummaryDto, 'createdAt'> & { createdAt: Date | string }

export function MessagesTable({ messages, caption }: { messages: Row[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      headings={['Received', 'From', 'Subject', 'Urgency', 'Status']}
      minWidth="min-w-[44rem]"
    >
      {messages.map((message) => (
        <tr key={message.id} className="border-b last:border-0" data-testid="message-row">
          <td className="whitespace-nowrap py-2 pr-4 align-top">
            <MessageDate value={message.createdAt} />
          </td>
          <td className="py-2 pr-4 align-top">
            <span className="block font-medium">{message.name}</span>
            <span className="block break-all text-muted-foreground">{message.email}</span>
          </td>
          <td className="py-2 pr-4 align-top">
            <Link
              to={`/admin/messages/${message.id}`}
              className="break-words font-medium text-primary underline-offset-4 hover:underline"
            >
              {message.subject}
            </Link>
            {message.fileCount > 0 ? (
              <span className="ml-2 inline-flex items-center gap-0.5 text-muted-foreground text-xs">
                <PaperclipIcon className="size-3" aria-hidden />
                {message.fileCount === 1 ? '1 file' : `${message.fileCount} files`}
              </span>
            ) : null}
          </td>
          <td className="py-2 pr-4 align-top">
            <UrgencyBadge urgency={message.urgency} />
          </td>
          <td className="py-2 align-top">
            <MessageStatusBadge status={message.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
