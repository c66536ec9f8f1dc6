import { and, eq, ne } from 'drizzle-orm'
import { z } from 'zod'
import { changedFields, createdFields, deletedFields } from '#app/rules/changes.ts'
import { type DbOrTx, getDb, type Tx } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { type PageRequest, selectNewestFirstPage } from '#app/utils/list-queries.server.ts'
import { pick } from '#app/utils/pick.ts'
import { postgresErrorOf } from '#app/utils/postgres-error.server.ts'
import { promotions } from './schema.server.ts'
import {
  MAX_FIXED_DISCOUNT_CENTS,
  MAX_USAGE_LIMIT,
  PROMO_CODE_MAX_LENGTH,
  PROMOTION_APPLIES_TO,
  PROMOTION_TYPES,
} from './schemas.ts'
import { promotionColumns } from './service.server.ts'
import type {
  AdminPromotionDto,
  PromotionAudit,
  PromotionInput,
  PromotionLimits,
  PromotionRule,
  PromotionState,
  SavePromotionResult,
} from './types.ts'
import { isPromotionUsable } from './utils/evaluate.ts'

// The module checks its own invariants whatever the caller validated: a bad call is a programming
// error and throws before anything is written.
const PromotionInputSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    code: z
      .string()
      .trim()
      .min(1)
      .max(PROMO_CODE_MAX_LENGTH)
      .transform((code) => code.toUpperCase()),
    type: z.enum(PROMOTION_TYPES),
    value: z.number().int().min(1),
    startDate: z.date(),
    endDate: z.date(),
    appliesTo: z.enum(PROMOTION_APPLIES_TO),
    productIds: z.array(z.uuid()),
    categoryIds: z.array(z.uuid()),
    usageLimit: z.number().int().min(1).max(MAX_USAGE_LIMIT).nullable(),
    perCustomerLimit: z.number().int().min(1).max(MAX_USAGE_LIMIT).nullable(),
  })
  .refine((input) => input.value <= (input.type === 'percentage' ? 100 : MAX_FIXED_DISCOUNT_CENTS), 'value')
  .refine((input) => input.endDate >= input.startDate, 'end before start')

const columns = { ...promotionColumns, createdAt: promotions.createdAt }

/** The fields the activity log compares (dates as days are enough to read, but instants compare exactly). */
function auditedFields(promotion: PromotionInput) {
  return {
    ...pick(promotion, [
      'name',
      'code',
      'type',
      'value',
      'startDate',
      'endDate',
      'appliesTo',
      'productIds',
      'categoryIds',
      'usageLimit',
      'perCustomerLimit',
    ]),
    startDate: promotion.startDate.toISOString(),
    endDate: promotion.endDate.toISOString(),
  }
}

const noAudit: PromotionAudit = async () => {}

/** Live (a code works now, given a matching cart), upcoming, ended, or off by its status. */
export function promotionState(promotion: PromotionRule, now: Date): PromotionState {
  if (isPromotionUsable(promotion, now)) return 'live'
  if (!isPromotionUsable({ ...promotion, startDate: now, endDate: now }, now)) return 'inactive'
  return now < promotion.startDate ? 'upcoming' : 'ended'
}

/**
 * Every promotion for the back-office, the newest first (back-office §4: a new one is put first),
 * with whether it can be used now; `total` counts them all for paging.
 * @example const { promotions, total } = await listPromotions({ limit: 50, offset: 0 })
 */
export async function listPromotions({
  limit,
  offset = 0,
  now = new Date(),
}: PageRequest & { now?: Date }): Promise<{ promotions: AdminPromotionDto[]; total: number }> {
  const db = await getDb()
  const { rows, total } = await selectNewestFirstPage(db, promotions, columns, { where: undefined, limit, offset })
  return { promotions: rows.map((row) => ({ ...row, state: promotionState(row, now) })), total }
}

/**
 * Runs a save in a transaction of its own. The code's unique index has the last word: a code
 * another admin took between the check and the write is refused, not an error.
 */
async function savedInTransaction(save: (tx: Tx) => Promise<SavePromotionResult>): Promise<SavePromotionResult> {
  try {
    return await (await getDb()).transaction(save)
  } catch (error) {
    if (postgresErrorOf(error).code === '23505') return { ok: false, reason: 'code-taken' }
    throw error
  }
}

/**
 * Creates a promotion, status 'scheduled' (back-office §4, §9): it works once its start date is
 * reached (DESIGN 2). A code in use by another promotion is refused, in any case.
 * @example const result = await createPromotion({ name: 'Autumn', code: 'fall10', type: 'percentage', value: 10, … })
 */
export async function createPromotion(
  input: PromotionInput,
  audit: PromotionAudit = noAudit,
): Promise<SavePromotionResult> {
  const valid = PromotionInputSchema.parse(input)
  return savedInTransaction(async (tx) => {
    const [row] = await tx
      .insert(promotions)
      .values({ ...valid, status: 'scheduled' })
      .onConflictDoNothing({ target: promotions.code })
      .returning({ id: promotions.id, code: promotions.code })
    if (!row) return { ok: false, reason: 'code-taken' }
    const after = auditedFields(valid)
    const changes = createdFields(after)
    await audit(tx, { action: 'created', promotionId: row.id, code: row.code, changes })
    return { ok: true, promotion: row }
  })
}

/**
 * Replaces a promotion's fields; its status stays as it is (the form does not edit it). Refused
 * when there is no such promotion, or when another one has the code.
 * @example const result = await updatePromotion(id, { ...input, value: 20 })
 */
export async function updatePromotion(
  promotionId: string,
  input: PromotionInput,
  audit: PromotionAudit = noAudit,
): Promise<SavePromotionResult> {
  const valid = PromotionInputSchema.parse(input)
  if (!isUuid(promotionId)) return { ok: false, reason: 'not-found' }
  return savedInTransaction(async (tx) => {
    const [taken] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.code, valid.code), ne(promotions.id, promotionId)))
      .limit(1)
    if (taken) return { ok: false, reason: 'code-taken' }
    const [before] = await tx.select(columns).from(promotions).where(eq(promotions.id, promotionId)).for('update')
    if (!before) return { ok: false, reason: 'not-found' }
    const [row] = await tx
      .update(promotions)
      .set({ ...valid, updatedAt: new Date() })
      .where(eq(promotions.id, promotionId))
      .returning({ id: promotions.id, code: promotions.code })
    if (!row) return { ok: false, reason: 'not-found' }
    const changes = changedFields(auditedFields(before), auditedFields(valid))
    if (Object.keys(changes).length > 0) await audit(tx, { action: 'updated', promotionId, code: row.code, changes })
    return { ok: true, promotion: row }
  })
}

/**
 * Deletes a promotion; its code stops working at once. False when there was none.
 * @example const deleted = await deletePromotion(id)
 */
export async function deletePromotion(
  promotionId: string,
  audit: PromotionAudit = noAudit,
): Promise<{ code: string } | null> {
  if (!isUuid(promotionId)) return null
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(promotions).where(eq(promotions.id, promotionId)).returning(columns)
    if (!row) return null
    const changes = deletedFields(auditedFields(row))
    await audit(tx, { action: 'deleted', promotionId, code: row.code, changes })
    return { code: row.code }
  })
}

/**
 * Locks a promotion's row for the rest of the transaction and reads its usage limits, so that two
 * checkouts counting its uses at once take turns. Null when it is gone.
 * @example const limits = await lockPromotionLimits(promotionId, tx)
 */
export async function lockPromotionLimits(promotionId: string, tx: DbOrTx): Promise<PromotionLimits | null> {
  const [row] = await tx
    .select({ usageLimit: promotions.usageLimit, perCustomerLimit: promotions.perCustomerLimit })
    .from(promotions)
    .where(eq(promotions.id, promotionId))
    .for('update')
  return row ?? null
}

/**
 * A promotion's code, for a page that names it (the orders that used it); null when it is gone.
 * @example await findPromotionCode(id) // 'SUMMER15'
 */
export async function findPromotionCode(promotionId: string): Promise<string | null> {
  if (!isUuid(promotionId)) return null
  const db = await getDb()
  const [row] = await db.select({ code: promotions.code }).from(promotions).where(eq(promotions.id, promotionId))
  return row?.code ?? null
}
