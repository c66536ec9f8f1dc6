import { FileBoxIcon, PaperclipIcon, UploadIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { FieldError } from '#app/components/forms/field.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import {
  formatFileSize,
  LINE_NOTE_MAX_LENGTH,
  MODEL_FILE_ACCEPT,
  MODEL_FILE_FORMATS_TEXT,
  MODEL_FILE_LIMIT_TEXT,
  type UploadedModelFile,
} from '#app/rules/model-file-limits.ts'
import { cn } from '#app/utils/misc.ts'
import { uploadModelFile } from './upload-model-file.ts'

type LineAttachmentsProps = {
  /** The line's product, for labels: "Note for Bracket". */
  title: string
  note: string | undefined
  /** The server's refusal of the note, shown beside it. */
  noteError?: string
  modelFile: UploadedModelFile | null | undefined
  onNoteChange: (note: string) => void
  onModelFileChange: (file: UploadedModelFile | null) => void
}

/** A made-to-order line's note and 3D model, on a cart or order line. */
export function LineAttachments({
  title,
  note,
  noteError,
  modelFile,
  onNoteChange,
  onModelFileChange,
}: LineAttachmentsProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [uploading, setUploading] = useState(false)
  const text = note ?? ''
  const attached = text.trim() !== '' || Boolean(modelFile)

  async function handleFile(input: HTMLInputElement) {
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    setUploading(true)
    const result = await uploadModelFile(file)
    setUploading(false)
    if (!result.ok) {
      showToast({ title: result.title, description: result.message, variant: 'destructive' })
      return
    }
    onModelFileChange(result.file)
    showToast({ title: 'File Uploaded!', description: `${result.file.fileName} is attached to ${title}.` })
  }

  if (!open && !attached) {
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="self-start px-2 text-muted-foreground"
        onClick={() => setOpen(true)}
        aria-label={`Add a note or 3D model for ${title}`}
      >
        <PaperclipIcon aria-hidden />
        Add note or 3D model
      </Button>
    )
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-dashed p-3" data-testid="line-attachments">
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={`${id}-note`}>Note for {title}</Label>
        <Textarea
          id={`${id}-note`}
          value={text}
          maxLength={LINE_NOTE_MAX_LENGTH}
          rows={2}
          placeholder="Colour, size, finish or anything we should know"
          onChange={(event) => onNoteChange(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-count ${id}-note-error` : `${id}-note-count`}
        />
        <p id={`${id}-note-count`} className="text-right text-muted-foreground text-xs">
          {text.length}/{LINE_NOTE_MAX_LENGTH}
        </p>
        <FieldError id={`${id}-note`} error={noteError} />
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        {modelFile ? (
          <div className="flex min-w-0 items-center gap-2 text-sm" data-testid="line-model-file">
            <FileBoxIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate font-medium" title={modelFile.fileName}>
              {modelFile.fileName}
            </span>
            <span className="shrink-0 text-muted-foreground">{formatFileSize(modelFile.size)}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onModelFileChange(null)}
              aria-label={`Remove the 3D model from ${title}`}
            >
              <XIcon aria-hidden />
              Remove
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={`${id}-file`}
              type="file"
              accept={MODEL_FILE_ACCEPT}
              className="peer sr-only"
              disabled={uploading}
              aria-label={`Attach a 3D model to ${title}`}
              aria-describedby={`${id}-file-hint`}
              onChange={(event) => void handleFile(event.currentTarget)}
            />
            <Label
              htmlFor={`${id}-file`}
              className={cn(
                buttonVariants({ variant: 'outline', size: 'sm' }),
                'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
                uploading && 'pointer-events-none opacity-60',
              )}
            >
              {uploading ? <Spinner /> : <UploadIcon aria-hidden />}
              {uploading ? 'Uploading…' : 'Attach 3D model'}
            </Label>
          </div>
        )}
        <p id={`${id}-file-hint`} className="text-muted-foreground text-xs">
          {MODEL_FILE_FORMATS_TEXT}, up to {MODEL_FILE_LIMIT_TEXT}.
        </p>
      </div>
    </div>
  )
}
