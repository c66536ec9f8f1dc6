import { DownloadIcon, FileTextIcon, ImageIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { ReceiptDto } from '#app/modules/documents/types.ts'
import { formatFileSize } from '#app/rules/file-size.ts'
import { shortId } from '#app/rules/money.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

function LinkedTo({ receipt }: { receipt: ReceiptDto }) {
  if (receipt.invoiceId) {
    return (
      <Link to={`/invoices/${receipt.invoiceId}`} className="text-primary underline-offset-4 hover:underline">
        Invoice #{shortId(receipt.invoiceId)}
      </Link>
    )
  }
  if (receipt.orderId) return <span>Order #{shortId(receipt.orderId)}</span>
  return <span>Not linked</span>
}

/** The customer's uploaded files, newest first, with download and delete (storefront §2, §7). */
export function ReceiptList({ receipts }: { receipts: ReceiptDto[] }) {
  const [deleting, setDeleting] = useState<ReceiptDto | null>(null)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Files</CardTitle>
        <CardDescription>Only you and our team can open them.</CardDescription>
      </CardHeader>
      <CardContent>
        {receipts.length === 0 ? (
          <p className="text-muted-foreground text-sm">No files uploaded yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your uploaded files">
            {receipts.map((receipt) => {
              const Icon = receipt.mimeType === 'application/pdf' ? FileTextIcon : ImageIcon
              const href = `/resources/receipts/${receipt.id}`
              return (
                <li
                  key={receipt.id}
                  data-testid="receipt-row"
                  className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 items-start gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0">
                      <a
                        href={href}
                        download
                        className="font-medium underline-offset-4 wrap-anywhere hover:underline"
                        data-testid="receipt-name"
                      >
                        {receipt.fileName}
                      </a>
                      <p className="text-muted-foreground text-sm">
                        {formatFileSize(receipt.size)} · {dateFormat.format(new Date(receipt.createdAt))} ·{' '}
                        <LinkedTo receipt={receipt} />
                      </p>
                    </div>
                  </div>
                  <div className="flex shrink-0 gap-2 pl-8 sm:pl-0">
                    <Button asChild size="sm" variant="outline">
                      <a href={href} download>
                        <DownloadIcon aria-hidden /> Download<span className="sr-only"> {receipt.fileName}</span>
                      </a>
                    </Button>
                    <Button type="button" size="sm" variant="outline" onClick={() => setDeleting(receipt)}>
                      <Trash2Icon aria-hidden /> Delete<span className="sr-only"> {receipt.fileName}</span>
                    </Button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
      {deleting ? (
        <ConfirmDialog
          onClose={() => setDeleting(null)}
          title="Delete this file?"
          description={<>{deleting.fileName} is deleted for good, for you and for our team.</>}
          confirmLabel="Delete File"
          intent="delete-receipt"
          fields={{ documentId: deleting.id }}
        />
      ) : null}
    </Card>
  )
}
