import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ActionNotice } from '#app/components/action-notice.tsx'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { fieldErrorsAt } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { listServices, type ServiceDto } from '#app/modules/content/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import type { Route } from './+types/services.ts'
import { add, remove, saveAll } from './service-actions.server.ts'
import { type ServiceDraft, ServiceEditor } from './service-editor.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { services: await listServices() }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const fields = await request.formData().catch(() => new FormData())
  const intent = fields.get('intent')
  if (intent === 'save-all') return saveAll(fields, actor)
  if (intent === 'create') return add(actor)
  if (intent === 'delete') return remove(fields, actor)
  return refused(null, 'Unknown request.')
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const shouldRevalidate = reloadAfterRefusal

export const headers = privatePage

export const meta = () => adminMeta('Manage Services')

function toDraft(service: ServiceDto): ServiceDraft {
  return {
    id: service.id,
    title: service.title,
    description: service.description,
    price: (service.priceCents / 100).toFixed(2),
    priceUnit: service.priceUnit,
    features: service.features.map((feature) => ({ key: feature.id, name: feature.name })),
  }
}

export default function AdminServices({ loaderData, actionData }: Route.ComponentProps) {
  const { services } = loaderData
  // Edits not saved yet, by service id; a service without one shows what is stored.
  const [edits, setEdits] = useState<Record<string, ServiceDraft>>({})
  const save = useActionForm({ onOk: () => setEdits({}) })
  const create = useActionForm()
  const drafts = services.map((service) => edits[service.id] ?? toDraft(service))
  const payload = JSON.stringify(
    drafts.map(({ features, ...draft }) => ({ ...draft, features: features.map((feature) => feature.name) })),
  )
  const unsaved = Object.keys(edits).length > 0
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Manage Services</h1>
      <p className="mt-2 text-muted-foreground">
        Edit any service below, then save them all at once. The{' '}
        <Link to="/services" className="underline">
          services page
        </Link>{' '}
        shows them in this order.
      </p>
      <ActionNotice result={actionData} />
      <div className="sticky top-16 z-10 mt-6 flex flex-wrap items-center gap-2 rounded-xl border bg-background/95 p-3 shadow-sm backdrop-blur">
        <save.fetcher.Form method="post">
          <input type="hidden" name="intent" value="save-all" />
          <input type="hidden" name="services" value={payload} />
          <SubmitButton busy={save.busy} disabled={save.busy || services.length === 0}>
            Save All Changes
          </SubmitButton>
        </save.fetcher.Form>
        <create.fetcher.Form method="post">
          <input type="hidden" name="intent" value="create" />
          <SubmitButton busy={create.busy} variant="outline" icon={<Plus aria-hidden />}>
            Add Service
          </SubmitButton>
        </create.fetcher.Form>
        {unsaved ? <span className="text-muted-foreground text-sm">Unsaved changes</span> : null}
      </div>
      {services.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
          No services yet.
        </p>
      ) : (
        <ul className="mt-6 grid gap-6" aria-label="Services">
          {services.map((service, index) => (
            <ServiceEditor
              key={service.id}
              draft={drafts[index]}
              savedTitle={service.title}
              errors={fieldErrorsAt(save.errors, `services.${index}`)}
              onChange={(draft) => setEdits((current) => ({ ...current, [service.id]: draft }))}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
