import { claimStockAlert, listLowStockProducts, releaseStockAlert } from '#app/modules/catalog/index.server.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'

const ALERT = 'daily-low-stock'
const DAY_MS = 24 * 60 * 60 * 1000

export type LowStockAlertOutcome = 'sent' | 'nothing-low' | 'already-sent-today'

/**
 * The daily low-stock check: when products are at or below their low-stock threshold, e-mails
 * their list to the shop, at most once in 24 hours. Every server instance runs it from its
 * once-a-minute sweep; the claim is one row in the database, so only one of them sends.
 * @example const outcome = await sendLowStockAlert() // 'sent' | 'nothing-low' | 'already-sent-today'
 */
export async function sendLowStockAlert({ now = new Date() }: { now?: Date } = {}): Promise<LowStockAlertOutcome> {
  // Step 1: what is low now; an empty list sends nothing and keeps the day's claim for later.
  const low = await listLowStockProducts()
  if (low.length === 0) return 'nothing-low'
  // Step 2: take the day's claim, or learn that this or another instance already sent it.
  if (!(await claimStockAlert(ALERT, { now, everyMs: DAY_MS }))) return 'already-sent-today'
  // Step 3: the e-mail, after the claim's commit. Only storing it can fail: then the claim is given
  // back so that the next check tries again (a refused delivery stays in the outbox as failed).
  const env = getEnv()
  try {
    await sendMail({
      to: env.SHOP_EMAIL,
      template: 'low-stock',
      data: {
        products: low.map(({ title, sku, stockQuantity, lowStockThreshold }) => ({
          title,
          sku,
          stockQuantity,
          lowStockThreshold,
        })),
        adminUrl: `${env.PUBLIC_URL}/admin/products?filter=low-stock`,
      },
    })
  } catch (error) {
    await releaseStockAlert(ALERT, now).catch((releaseError) =>
      logger.error({ err: releaseError }, 'the low-stock alert claim could not be given back'),
    )
    throw error
  }
  return 'sent'
}
