import { Link } from 'react-router'
import { deferred } from '#app/components/deferred.tsx'
import {
  CONTACT_FILE_MAX_BYTES,
  CONTACT_FILE_TOO_LARGE,
  CONTACT_FILES_MAX,
  CONTACT_TOO_MANY_FILES,
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

// The tabs and the form load after the first paint (decision 036): the server renders them at
// once, so the page reads and sends without JavaScript, and their code (Radix Tabs and the form
// kit) is fetched as the page's code runs, beside hydration, so they react as soon as before.
const ContactTabs = deferred(() => import('./+shared/contact-tabs.tsx').then((module) => module.ContactTabs), {
  startInBrowser: true,
})

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
      <ContactTabs liveChatAvailable={loaderData.liveChatAvailable} actionData={actionData} />
    </section>
  )
}
