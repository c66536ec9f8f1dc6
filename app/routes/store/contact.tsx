import { ClockIcon, MailIcon, MessageCircleIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import {
  CONTACT_FILE_ACCEPT,
  CONTACT_FILE_LIMIT_TEXT,
  CONTACT_FILE_MAX_BYTES,
  CONTACT_FILE_TOO_LARGE,
  CONTACT_FILE_TYPES_TEXT,
  CONTACT_FILES_MAX,
  CONTACT_TOO_MANY_FILES,
  urgencyOptions,
} from '#app/modules/contact/form-limits.ts'
import { ContactFormSchema } from '#app/modules/contact/schemas.ts'
import { refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { getPublicEnv } from '#app/utils/env.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { readUploadForm, type UploadLimits } from '#app/utils/upload-form.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { submitContactMessage } from '#app/workflows/submit-contact-message.server.ts'
import type { Route } from './+types/contact.ts'

export function loader() {
  return { liveChatAvailable: Boolean(getPublicEnv().LIVE_CHAT_SCRIPT_URL) }
}

const sent = () => succeeded(null, 'Message Sent!', "We'll get back to you shortly.")

/** A problem of one field that the schema cannot see (the files, the stored message). */
const fieldRefused = (field: string, message: string, status = 400) =>
  refusedForm(null, { message, fieldErrors: { [field]: message } }, { status })

/** Up to three files in the field `files`, each refused while it arrives once past 25 MB. */
export const CONTACT_UPLOAD_LIMITS: UploadLimits = {
  fileFields: ['files'],
  maxFiles: CONTACT_FILES_MAX,
  maxFileBytes: CONTACT_FILE_MAX_BYTES,
  tooLarge: CONTACT_FILE_TOO_LARGE,
  tooMany: CONTACT_TOO_MANY_FILES,
}

export async function action({ request }: Route.ActionArgs) {
  // A plain form or a multipart one with files: every limit is checked while the body arrives.
  const read = await readUploadForm(request, CONTACT_UPLOAD_LIMITS)
  if (!read.ok) return fieldRefused('files', read.message, read.status)
  const fields = Object.fromEntries([...read.form].filter(([, value]) => typeof value === 'string'))
  // A filled honeypot means a bot: answer as if sent, store nothing.
  if (typeof fields.website === 'string' && fields.website.length > 0) return sent()
  const parsed = parseForm(ContactFormSchema, fields)
  if (!parsed.ok) return refusedForm(null, parsed)
  const files = read.form.getAll('files').filter((value): value is File => value instanceof File)
  const viewer = await getViewer(request)
  const result = await submitContactMessage(parsed.data, { files, userId: viewer?.id ?? null })
  if (!result.ok) return fieldRefused(result.field, result.message)
  return sent()
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export function meta() {
  return [
    { title: 'Contact & Quotes · LayerWorks 3D' },
    { name: 'description', content: 'Ask a question or request a quote for 3D design, scanning or printing.' },
    { property: 'og:title', content: 'Contact & Quotes · LayerWorks 3D' },
  ]
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const formRef = useRef<HTMLFormElement>(null)
  const errors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {}
  // What the browser can tell of the chosen files before sending them (the server checks again);
  // undefined until a choice is made after the last answer, which then shows the server's word.
  const [fileProblem, setFileProblem] = useState<string | null | undefined>(undefined)
  const fileError = (fileProblem === undefined ? errors.files : fileProblem) ?? undefined

  useEffect(() => {
    setFileProblem(undefined)
    if (actionData?.ok) formRef.current?.reset()
  }, [actionData])

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8 max-w-2xl">
        <h1 className="font-bold text-3xl tracking-tight">Get in touch</h1>
        <p className="mt-2 text-muted-foreground">
          Tell us about your project and we will reply within 24 hours with ideas, timing and a quote.
        </p>
        <p className="mt-2 text-sm">
          Have a 3D model ready to print?{' '}
          <Link to="/instant-quote" className="font-medium text-primary underline-offset-4 hover:underline">
            Get an instant print quote
          </Link>
          .
        </p>
      </header>
      <Tabs defaultValue="email" className="max-w-2xl">
        <TabsList>
          <TabsTrigger value="email">
            <MailIcon aria-hidden /> Email Us
          </TabsTrigger>
          <TabsTrigger
            value="chat"
            onClick={() => {
              if (!loaderData.liveChatAvailable) {
                showToast({
                  title: 'Live Chat Unavailable',
                  description: 'The chat widget is currently unavailable. Please try again later.',
                  variant: 'destructive',
                })
              }
            }}
          >
            <MessageCircleIcon aria-hidden /> Live Chat
          </TabsTrigger>
        </TabsList>
        <TabsContent value="email">
          <Card>
            <CardHeader>
              <CardTitle>Send us a message</CardTitle>
              <CardDescription className="flex items-center gap-1.5">
                <ClockIcon className="size-4" aria-hidden /> We reply within 24 hours.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {actionData?.ok ? (
                <p role="status" className="mb-4 rounded-md bg-accent p-3 text-accent-foreground text-sm">
                  Message Sent! We'll get back to you shortly.
                </p>
              ) : null}
              <Form
                ref={formRef}
                method="post"
                encType="multipart/form-data"
                className="grid gap-4"
                noValidate
                onSubmit={(event) => {
                  if (fileProblem) event.preventDefault()
                }}
              >
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField name="name" label="Name" error={errors.name} autoComplete="name" />
                  <TextField name="email" label="Email" type="email" error={errors.email} autoComplete="email" />
                </div>
                <TextField name="subject" label="Subject" error={errors.subject} />
                <Field id="contact-message" label="Project description" error={errors.message}>
                  <Textarea
                    {...describedBy('contact-message', { error: errors.message })}
                    name="message"
                    rows={6}
                    required
                  />
                </Field>
                <Field id="contact-urgency" label="Urgency">
                  <NativeSelect id="contact-urgency" name="urgency" defaultValue="standard" options={urgencyOptions} />
                </Field>
                <Field
                  id="contact-files"
                  label="Files (optional)"
                  hint={`Up to ${CONTACT_FILES_MAX} ${CONTACT_FILE_TYPES_TEXT}, ${CONTACT_FILE_LIMIT_TEXT} each.`}
                  error={fileError}
                >
                  <Input
                    {...describedBy('contact-files', { error: fileError, hint: true })}
                    name="files"
                    type="file"
                    multiple
                    accept={CONTACT_FILE_ACCEPT}
                    onChange={(event) => setFileProblem(chosenFilesProblem(event.currentTarget.files))}
                  />
                </Field>
                <div aria-hidden className="hidden">
                  <label>
                    Website <input name="website" tabIndex={-1} autoComplete="off" />
                  </label>
                </div>
                <Button type="submit" disabled={sending} className="justify-self-start">
                  {sending ? <Spinner /> : null}
                  Send Message
                </Button>
              </Form>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="chat">
          <Card>
            <CardHeader>
              <CardTitle>Live Chat</CardTitle>
              <CardDescription>
                {loaderData.liveChatAvailable
                  ? 'Chat with us using the chat button in the corner of the page.'
                  : 'The chat widget is currently unavailable. Please try again later, or send us a message.'}
              </CardDescription>
            </CardHeader>
          </Card>
        </TabsContent>
      </Tabs>
    </section>
  )
}

/** Too many or too large files, told before they are sent; what they are, only the server reads. */
function chosenFilesProblem(files: FileList | null): string | null {
  const chosen = [...(files ?? [])]
  if (chosen.length > CONTACT_FILES_MAX) return CONTACT_TOO_MANY_FILES
  if (chosen.some((file) => file.size > CONTACT_FILE_MAX_BYTES)) return CONTACT_FILE_TOO_LARGE
  return null
}

function TextField({
  name,
  label,
  error,
  ...props
}: { name: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  const id = `contact-${name}`
  return (
    <Field id={id} label={label} error={error}>
      <Input {...describedBy(id, { error })} name={name} required {...props} />
    </Field>
  )
}
