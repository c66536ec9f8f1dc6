import { UploadIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { describedBy, Field, FieldError, fieldErrorsOf, InputField } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import {
  RECEIPT_ACCEPT,
  RECEIPT_LINK_TYPES,
  RECEIPT_MAX_BYTES,
  RECEIPT_TOO_LARGE,
  type ReceiptLinkType,
  receiptLinkLabels,
} from '#app/modules/documents/schemas.ts'
import { shortId } from '#app/rules/money.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { RECEIPT_UPLOAD_URL, useUploadProgress } from './receipt-upload.ts'

function UploadProgress({ fraction }: { fraction: number | null }) {
  // Sent completely (or not reporting yet): the server is checking and saving it.
  const percent = Math.round((fraction ?? 1) * 100)
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        Uploading… {percent}%
      </p>
    </div>
  )
}

/**
 * The File Uploads form (storefront §2, §5): a PDF or picture under 5 MB, checked here before it is
 * sent, optionally linked to one of the customer's invoices or orders by its number.
 */
export function ReceiptUploadForm({ invoiceIds, orderIds }: { invoiceIds: string[]; orderIds: string[] }) {
  const fetcher = useFetcher<ActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [linkType, setLinkType] = useState<ReceiptLinkType>('invoice')
  const [hydrated, setHydrated] = useState(false)
  const progress = useUploadProgress()
  const busy = fetcher.state !== 'idle'
  const errors = fieldErrorsOf(fetcher.data)
  const id = useId()
  useEffect(() => setHydrated(true), [])
  useActionAnswer(fetcher, {
    onOk: () => {
      formRef.current?.reset()
      setFile(null)
      setLinkType('invoice')
    },
  })
  const suggestions = (linkType === 'invoice' ? invoiceIds : orderIds).map(shortId)

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a Receipt</CardTitle>
        <CardDescription>A PDF or a picture (JPEG, PNG, WebP or HEIC) smaller than 5MB.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          method="post"
          action={RECEIPT_UPLOAD_URL}
          encType="multipart/form-data"
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (!file || busy) return
            fetcher.submit(new FormData(event.currentTarget), { method: 'post', encType: 'multipart/form-data' })
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <Field id={`${id}-file`} label="Receipt file" error={errors.file}>
            <Input
              {...describedBy(`${id}-file`, { error: errors.file })}
              name="file"
              type="file"
              accept={RECEIPT_ACCEPT}
              required
              disabled={busy}
              className="h-auto py-1.5"
              onChange={(event) => {
                const chosen = event.currentTarget.files?.[0] ?? null
                if (chosen && chosen.size > RECEIPT_MAX_BYTES) {
                  showToast({ ...RECEIPT_TOO_LARGE, variant: 'destructive' })
                  event.currentTarget.value = ''
                  setFile(null)
                  return
                }
                setFile(chosen)
              }}
            />
          </Field>
          <fieldset className="grid gap-2" disabled={busy}>
            <legend className="mb-2 font-medium text-sm">Related to</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {RECEIPT_LINK_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="linkType"
                    value={type}
                    defaultChecked={type === 'invoice'}
                    onChange={() => setLinkType(type)}
                    className="size-4 accent-primary"
                  />
                  {receiptLinkLabels[type]}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-type`} error={errors.linkType} />
          </fieldset>
          <InputField
            id={`${id}-link`}
            label={`${receiptLinkLabels[linkType]} (optional)`}
            hint={`The number shown on your ${linkType}, or its full ID.`}
            error={errors.linkId}
            name="linkId"
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. 1a2b3c4d"
            list={suggestions.length ? `${id}-suggestions` : undefined}
            disabled={busy}
          />
          <datalist id={`${id}-suggestions`}>
            {suggestions.map((number) => (
              <option key={number} value={number} />
            ))}
          </datalist>
          {busy ? <UploadProgress fraction={progress} /> : null}
          {/* Disabled until a file is chosen once the page runs; before that the browser's `required` holds. */}
          <Button type="submit" disabled={busy || (hydrated && !file)} className="justify-self-start">
            {busy ? <Spinner /> : <UploadIcon aria-hidden />}
            Upload
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
