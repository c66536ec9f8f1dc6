import { createService, deleteService, saveServices } from '#app/modules/content/index.server.ts'
import { SERVICE_NOT_FOUND, ServiceIdFormSchema, ServicesFormSchema } from '#app/modules/content/service-schemas.ts'
import { refused, succeeded } from './content-admin-result.server.ts'

/** Save All Changes: every service of the page in one go; nothing is saved when one is refused. */
export async function saveAll(fields: FormData) {
  const parsed = ServicesFormSchema.safeParse({ services: fields.get('services') })
  if (!parsed.success) return refused('save-all', parsed.error.issues[0]?.message ?? 'Please check the services.')
  const result = await saveServices(parsed.data.services)
  if (!result.ok) return refused('save-all', SERVICE_NOT_FOUND, 404)
  return succeeded('save-all', 'Services have been updated.')
}

/** Add Service: 'New Service', price 0 per hr, no features (back-office §5). */
export async function add() {
  await createService()
  return succeeded('create', 'Service Added', 'Edit it below, then Save All Changes.')
}

/** Delete, once confirmed; also from the services page. */
export async function remove(fields: FormData) {
  const parsed = ServiceIdFormSchema.safeParse({ serviceId: fields.get('serviceId') })
  if (!parsed.success || !(await deleteService(parsed.data.serviceId as string))) {
    return refused('delete', SERVICE_NOT_FOUND, 404)
  }
  return succeeded('delete', 'Service Deleted')
}
