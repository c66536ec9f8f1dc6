import { DownloadIcon, MessageSquareTextIcon } from 'lucide-react'
import { formatFileSize, modelFileHref } from '#app/rules/model-file-limits.ts'

export type OrderLineExtrasProps = {
  note: string | null
  modelFile: { id: string; fileName: string; size: number } | null
}

/** A made-to-order line's note and 3D model (name, size, download link), under the line. */
export function OrderLineExtras({ note, modelFile }: OrderLineExtrasProps) {
  if (!note && !modelFile) return null
  return (
    <div className="mt-1 flex flex-col gap-1 text-muted-foreground text-xs" data-testid="order-line-extras">
      {note ? (
        <p className="flex gap-1.5 whitespace-pre-line break-words">
          <MessageSquareTextIcon className="mt-0.5 size-3.5 shrink-0" aria-label="Note" />
          <span>{note}</span>
        </p>
      ) : null}
      {modelFile ? (
        <p className="flex flex-wrap items-center gap-1.5">
          <a
            href={modelFileHref(modelFile.id)}
            download={modelFile.fileName}
            className="inline-flex items-center gap-1 break-all font-medium text-primary underline-offset-4 hover:underline"
          >
            <DownloadIcon className="size-3.5" aria-hidden />
            {modelFile.fileName}
          </a>
          <span>({formatFileSize(modelFile.size)})</span>
        </p>
      ) : null}
    </div>
  )
}
