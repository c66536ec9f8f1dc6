import { PaperclipIcon } from 'lucide-react'
import { formatFileSize } from '#app/rules/file-size.ts'

/** A customer's receipt linked to an invoice or order, as the back-office lists show it. */
export type ReceiptLink = { id: string; fileName: string; size: number }

/** Groups receipts by the invoice or order they belong to. */
export function receiptsByLink<Receipt extends ReceiptLink>(
  receipts: Receipt[],
  linkOf: (receipt: Receipt) => string | null,
): Map<string, ReceiptLink[]> {
  const grouped = new Map<string, ReceiptLink[]>()
  for (const receipt of receipts) {
    const link = linkOf(receipt)
    if (!link) continue
    grouped.set(link, [
      ...(grouped.get(link) ?? []),
      { id: receipt.id, fileName: receipt.fileName, size: receipt.size },
    ])
  }
  return grouped
}

/** The receipts a customer uploaded for a row, each a download link. */
export function ReceiptLinks({ receipts }: { receipts: ReceiptLink[] }) {
  if (receipts.length === 0) return null
  return (
    <ul className="mt-1 grid gap-0.5" aria-label="Receipts" data-testid="admin-receipts">
      {receipts.map((receipt) => (
        <li key={receipt.id} className="flex min-w-0 items-center gap-1 text-xs">
          <PaperclipIcon className="size-3 shrink-0 text-muted-foreground" aria-hidden />
          <a
            href={`/resources/receipts/${receipt.id}`}
            download
            className="max-w-48 truncate text-primary underline-offset-4 hover:underline"
            title={`${receipt.fileName} (${formatFileSize(receipt.size)})`}
          >
            {receipt.fileName}
          </a>
        </li>
      ))}
    </ul>
  )
}
