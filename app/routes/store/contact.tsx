import { ClockIcon, MailIcon, MessageCircleIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { ContactFormSchema, urgencyOptions } from '#app/modules/contact/schemas.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { getPublicEnv } from '#app/utils/env.server.ts'
import { submitContactMessage } from '#app/workflows/submit-contact-message.server.ts'
import type { Route } from './+types/contact.ts'

export function loader() {
  return { liveChatAvailable: Boolean(getPublicEnv().LIVE_CHAT_SCRIPT_URL) }
}

const sent = {
  ok: true as const,
  errors: null,
  toast: { title: 'Message Sent!', description: "We'll get back to you shortly." },
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData())
  // A filled honeypot means a bot: answer as if sent, store nothing.
  if (typeof form.website === 'string' && form.website.length > 0) return sent
  const parsed = ContactFormSchema.safeParse(form)
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
    return data({ ok: false as const, errors }, { status: 400 })
  }
  await submitContactMessage(parsed.data)
  return sent
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
  const errors = actionData?.errors ?? null

  useEffect(() => {
    if (actionData?.ok) formRef.current?.reset()
  }, [actionData])

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8 max-w-2xl">
        <h1 className="font-bold text-3xl tracking-tight">Get in touch</h1>
        <p className="mt-2 text-muted-foreground">
          Tell us about your project and we will reply within 24 hours with ideas, timing and a quote.
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
              <Form ref={formRef} method="post" className="grid gap-4" noValidate>
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField name="name" label="Name" error={errors?.name} autoComplete="name" />
                  <FormField name="email" label="Email" type="email" error={errors?.email} autoComplete="email" />
                </div>
                <FormField name="subject" label="Subject" error={errors?.subject} />
                <div className="grid gap-1.5">
                  <Label htmlFor="contact-message">Project description</Label>
                  <Textarea
                    id="contact-message"
                    name="message"
                    rows={6}
                    required
                    aria-invalid={errors?.message ? true : undefined}
                    aria-describedby={errors?.message ? 'contact-message-error' : undefined}
                  />
                  {errors?.message ? (
                    <p id="contact-message-error" className="text-destructive text-sm">
                      {errors.message}
                    </p>
                  ) : null}
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="contact-urgency">Urgency</Label>
                  <NativeSelect id="contact-urgency" name="urgency" defaultValue="standard">
                    {urgencyOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
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

function FormField({
  name,
  label,
  error,
  ...props
}: { name: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  const id = `contact-${name}`
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}
