import { ClockIcon, MailIcon, MessageCircleIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
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
import type { Route } from '../+types/contact.ts'

/** The contact page's tabs: the message form and the live chat's word (loaded after the first paint). */
export function ContactTabs({
  liveChatAvailable,
  actionData,
}: {
  liveChatAvailable: boolean
  actionData: Route.ComponentProps['actionData']
}) {
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
    <Tabs defaultValue="email" className="max-w-2xl">
      <TabsList>
        <TabsTrigger value="email">
          <MailIcon aria-hidden /> Email Us
        </TabsTrigger>
        <TabsTrigger
          value="chat"
          onClick={() => {
            if (!liveChatAvailable) {
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
              {liveChatAvailable
                ? 'Chat with us using the chat button in the corner of the page.'
                : 'The chat widget is currently unavailable. Please try again later, or send us a message.'}
            </CardDescription>
          </CardHeader>
        </Card>
      </TabsContent>
    </Tabs>
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
