import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { createService, deleteService, listServices, saveServices } from '#app/modules/content/index.server.ts'
import { SERVICE_NOT_FOUND, ServiceIdFormSchema, ServicesFormSchema } from '#app/modules/content/service-schemas.ts'
import { changedFields } from '#app/rules/changes.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedDelete, recordedWrite } from '#app/workflows/recorded-write.server.ts'

const serviceFields = (service: {
  title: string
  description: string
  priceCents: number
  priceUnit: string
  features: readonly (string | { name: string })[]
}) => ({
  title: service.title,
  description: service.description,
  priceCents: service.priceCents,
  priceUnit: service.priceUnit,
  features: service.features.map((feature) => (typeof feature === 'string' ? feature : feature.name)),
})

/**
 * Save All Changes: every service of the page in one go; nothing is saved when one is refused, and
 * each problem is named by its service and field (`services.1.price`).
 */
export async function saveAll(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(ServicesFormSchema, { services: fields.get('services') })
  if (!parsed.ok) return refusedForm('save-all', parsed)
  const before = new Map((await listServices()).map((service) => [service.id, service]))
  // One entry per service whose fields changed; a Save that changes nothing records nothing.
  const result = await recordedWrite(
    actor,
    (tx) => saveServices(parsed.data.services, tx),
    (saved) =>
      saved.ok
        ? parsed.data.services.flatMap((service) => {
            const was = before.get(service.id)
            const changes = was ? changedFields(serviceFields(was), serviceFields(service)) : {}
            return Object.keys(changes).length > 0
              ? [
                  {
                    action: 'service.updated',
                    recordType: 'service',
                    recordId: service.id,
                    recordLabel: service.title,
                    changes,
                  },
                ]
              : []
          })
        : null,
    { announce: 'services saved' },
  )
  if (!result.ok) return refused('save-all', SERVICE_NOT_FOUND, 404)
  return succeeded('save-all', 'Services have been updated.')
}

/** Add Service: 'New Service', price 0 per hr, no features (back-office §5). */
export async function add(actor: ActivityActor) {
  await recordedWrite(
    actor,
    (tx) => createService(tx),
    (service) => ({
      action: 'service.created',
      recordType: 'service',
      recordId: service.id,
      recordLabel: service.title,
    }),
    { announce: 'service added' },
  )
  return succeeded('create', 'Service Added', 'Edit it below, then Save All Changes.')
}

/** Delete, once confirmed; also from the services page. */
export async function remove(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(ServiceIdFormSchema, { serviceId: fields.get('serviceId') })
  if (!parsed.ok) return refused('delete', SERVICE_NOT_FOUND, 404)
  const serviceId = parsed.data.serviceId as string
  const title = (await listServices()).find((service) => service.id === serviceId)?.title ?? ''
  const deleted = await recordedDelete(actor, 'service', { id: serviceId, title }, (tx) => deleteService(serviceId, tx))
  if (!deleted) return refused('delete', SERVICE_NOT_FOUND, 404)
  return succeeded('delete', 'Service Deleted')
}
