import { paidQuotePrintHours } from '#app/modules/quotes/index.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The print hours already in the shop's queue, which lengthen a new quote's production time
 * (decision 035, 'The queue'): paid print work not yet past its promised production time, read as
 * the policies' longest production time in calendar days (5 business days: 7 days). Today that is
 * the print lines of accepted, paid quotes; an order's paid, unshipped print lines are one more
 * term of the sum.
 * @example const queueHours = await printQueueHours(settings.productionDaysMax)
 */
export async function printQueueHours(productionDaysMax: number, now: Date = new Date()): Promise<number> {
  const days = Math.ceil((Math.max(1, productionDaysMax) * 7) / 5)
  const paidSince = new Date(now.getTime() - days * DAY_MS)
  const sources = await Promise.all([paidQuotePrintHours(paidSince)])
  return sources.reduce((sum, hours) => sum + hours, 0)
}
