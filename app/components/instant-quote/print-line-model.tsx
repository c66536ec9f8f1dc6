import { AlertTriangleIcon, DownloadIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Spinner } from '#app/components/ui/spinner.tsx'
import type { PrintLineDetails } from '#app/modules/orders/types.ts'
import { printMeasuresText, printOptionsText } from '#app/rules/print-line.ts'

// three comes only with an order that has a print line, and only in the browser (decision 039).
const ModelViewer = lazy(() => import('./model-viewer.client.tsx'))

/** Where the order's customer and the shop download a print line's model (404 for anyone else). */
export const quoteModelHref = (modelId: string) => `/files/quote-models/${modelId}`

/**
 * A print line of an order: the options and measures it was priced with and, where the reader may
 * have the file (`modelId` given), the model in 3D and a download link, so the shop prints exactly
 * what was bought.
 */
export function PrintLineModel({ print, modelId }: { print: PrintLineDetails; modelId: string | null }) {
  return (
    <div className="mt-2 grid gap-2 text-sm" data-testid="print-line">
      <p className="text-muted-foreground">{printOptionsText(print)}</p>
      <p className="text-muted-foreground" data-testid="print-line-measures">
        {printMeasuresText(print)}
      </p>
      {print.watertight ? null : (
        <p className="flex items-center gap-2 text-amber-700 dark:text-amber-300">
          <AlertTriangleIcon aria-hidden className="size-4 shrink-0" /> The model has holes; check it by hand.
        </p>
      )}
      {modelId ? (
        <>
          <a
            href={quoteModelHref(modelId)}
            download={print.fileName}
            className="inline-flex items-center gap-1.5 justify-self-start font-medium text-primary underline-offset-4 hover:underline"
          >
            <DownloadIcon className="size-4" aria-hidden /> Download {print.fileName}
          </a>
          <OrderModelView modelId={modelId} print={print} />
        </>
      ) : null}
    </div>
  )
}

/** The model fetched from its download address once the page runs, then shown by the quote page's viewer. */
function OrderModelView({ modelId, print }: { modelId: string; print: PrintLineDetails }) {
  const [file, setFile] = useState<Blob | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    fetch(quoteModelHref(modelId), { signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then(setFile)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true)
      })
    return () => controller.abort()
  }, [modelId])
  const placeholder = (
    <div className="grid aspect-[4/3] w-full max-w-md place-items-center rounded-lg border bg-muted">
      {failed ? <span className="text-muted-foreground">The model could not be loaded.</span> : <Spinner />}
    </div>
  )
  if (!file) return placeholder
  return (
    <div className="w-full max-w-md">
      <Suspense fallback={placeholder}>
        <ModelViewer file={file} format={print.format} colour={print.colourHex} />
      </Suspense>
    </div>
  )
}
