import { and, eq, getTableColumns, ilike, inArray, or, type SQL } from 'drizzle-orm'
import type { CalendarDay } from '#app/rules/calendar.ts'
import { withinDays } from '#app/utils/calendar-sql.server.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { containing } from '#app/utils/like-patterns.ts'
import { type PageRequest, selectNewestFirstPage } from '#app/utils/list-queries.server.ts'
import { activityLog } from './schema.server.ts'
import type { ActivityDto, ActivityEntry } from './types.ts'

/**
 * Records an admin's write. Pass the transaction of the change: the record and the change are
 * committed together or not at all.
 * @example await recordActivity({ actor, action: 'product.updated', recordType: 'product', recordId: id, changes }, tx)
 */
export async function recordActivity(entry: ActivityEntry, tx: DbOrTx): Promise<void> {
  await tx.insert(activityLog).values({
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    recordLabel: entry.recordLabel ?? '',
    changes: entry.changes ?? {},
  })
}

export type ActivityFilter = {
  /** Part of the record's name or of the admin's e-mail. */
  search?: string
  recordType?: string
  /** Any of these kinds of record. */
  recordTypes?: readonly string[]
  recordId?: string
  actorId?: string
  dates?: { from?: CalendarDay; to?: CalendarDay; timeZone: string }
}

function whereOf({ search, recordType, recordTypes, recordId, actorId, dates }: ActivityFilter): SQL | undefined {
  const pattern = search?.trim() ? containing(search.trim()) : null
  return and(
    pattern ? or(ilike(activityLog.recordLabel, pattern), ilike(activityLog.actorLabel, pattern)) : undefined,
    recordType ? eq(activityLog.recordType, recordType) : undefined,
    recordTypes ? inArray(activityLog.recordType, [...recordTypes]) : undefined,
    recordId ? eq(activityLog.recordId, recordId) : undefined,
    actorId ? eq(activityLog.actorId, actorId) : undefined,
    dates ? withinDays(activityLog.createdAt, dates) : undefined,
  )
}

/**
 * The activity log, newest first, one page at a time, optionally of one kind of record, one record,
 * one admin or a range of days; `total` counts every match.
 * @example const { entries, total } = await listActivity({ recordType: 'product', limit: 50, offset: 0 })
 */
export async function listActivity({
  limit,
  offset = 0,
  ...filter
}: ActivityFilter & PageRequest): Promise<{ entries: ActivityDto[]; total: number }> {
  const db = await getDb()
  const where = whereOf(filter)
  const { rows, total } = await selectNewestFirstPage(db, activityLog, getTableColumns(activityLog), {
    where,
    limit,
    offset,
  })
  return { entries: rows, total }
}
