import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { getShopSettings, updateShopSettings } from '#app/modules/settings/index.server.ts'
import { ShopSettingsFormSchema } from '#app/modules/settings/schemas.ts'
import { changedFields } from '#app/rules/changes.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedWrite } from '#app/workflows/recorded-write.server.ts'

/** Saves the shop's details and order rules; a refused form changes nothing and says why. */
export async function saveShopSettings(form: FormData, actor: ActivityActor) {
  const parsed = parseForm(ShopSettingsFormSchema, {
    legalName: form.get('legalName') ?? '',
    address: form.get('address') ?? '',
    email: form.get('email') ?? '',
    taxId: form.get('taxId') ?? '',
    paidOrderStatus: form.get('paidOrderStatus'),
    defaultShipping: form.get('defaultShipping'),
    shippingCountries: form.get('shippingCountries') ?? '',
  })
  if (!parsed.ok) return refusedForm(null, parsed, { title: 'Settings not saved' })
  const { defaultShipping, ...rest } = parsed.data
  try {
    const input = { ...rest, defaultShippingCents: defaultShipping }
    const { updatedAt: _updatedAt, ...before } = await getShopSettings()
    const changes = changedFields(before, input)
    await recordedWrite(
      actor,
      (tx) => updateShopSettings(input, actor.id, tx),
      () =>
        Object.keys(changes).length > 0
          ? {
              action: 'settings.updated',
              recordType: 'settings',
              recordId: 'shop',
              recordLabel: 'Shop settings',
              changes,
            }
          : null,
    )
  } catch (err) {
    logger.error({ err }, 'Shop settings could not be saved')
    return refused(null, 'Please try again.', 500, undefined, 'Settings not saved')
  }
  return succeeded(null, 'Settings Saved', 'The shop details and order rules are saved.')
}
