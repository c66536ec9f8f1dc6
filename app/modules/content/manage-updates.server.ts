import { desc, eq } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'
import { deleteContent } from './delete-content.server.ts'
import { newsUpdates } from './schema.server.ts'
import type { AdminNewsUpdateDto, NewsUpdateStatus } from './types.ts'
import type { UpdateForm } from './update-schemas.ts'

const adminColumns = {
  id: newsUpdates.id,
  title: newsUpdates.title,
  content: newsUpdates.content,
  image: newsUpdates.image,
  status: newsUpdates.status,
  date: newsUpdates.date,
}

type Row = { id: string; title: string; content: string; image: string | null; status: NewsUpdateStatus; date: Date }

function toDto(row: Row): AdminNewsUpdateDto {
  return { ...row, image: row.image ?? '', date: row.date.toISOString() }
}

/**
 * Every news update, visible and hidden, newest first (the back-office list).
 * @example const updates = await listAllNewsUpdates() // [{ id, title, status: 'hidden', image: '', date }]
 */
export async function listAllNewsUpdates(): Promise<AdminNewsUpdateDto[]> {
  const db = await getDb()
  const rows = await db
    .select(adminColumns)
    .from(newsUpdates)
    .orderBy(desc(newsUpdates.date), desc(newsUpdates.createdAt))
  return rows.map(toDto)
}

/**
 * Publishes a news update: visible, dated now (back-office §4). An empty image means none.
 * @example const update = await createNewsUpdate({ title: 'TPU is here', content: 'Flexible parts.', image: '' })
 */
export async function createNewsUpdate(input: UpdateForm, tx?: DbOrTx): Promise<AdminNewsUpdateDto> {
  const db = tx ?? (await getDb())
  const [row] = await db
    .insert(newsUpdates)
    .values({ title: input.title, content: input.content, image: input.image || null, status: 'visible' })
    .returning(adminColumns)
  announceUnlessInTransaction(tx, 'news update added')
  return toDto(row)
}

/**
 * Rewrites an update's title, content and image; its date and visibility stay. Null when the id
 * is unknown.
 * @example const saved = await updateNewsUpdate(id, { title, content, image: 'updates/tpu.webp' })
 */
export async function updateNewsUpdate(id: string, input: UpdateForm, tx?: DbOrTx): Promise<AdminNewsUpdateDto | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .update(newsUpdates)
    .set({ title: input.title, content: input.content, image: input.image || null })
    .where(eq(newsUpdates.id, id))
    .returning(adminColumns)
  if (!row) return null
  announceUnlessInTransaction(tx, 'news update edited')
  return toDto(row)
}

/**
 * Shows or hides an update on /updates. Null when the id is unknown.
 * @example await setNewsUpdateStatus(id, 'hidden')
 */
export async function setNewsUpdateStatus(
  id: string,
  status: NewsUpdateStatus,
  tx?: DbOrTx,
): Promise<AdminNewsUpdateDto | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db.update(newsUpdates).set({ status }).where(eq(newsUpdates.id, id)).returning(adminColumns)
  if (!row) return null
  announceUnlessInTransaction(tx, 'news update status changed')
  return toDto(row)
}

/**
 * Deletes an update for good; false when the id is unknown.
 * @example const deleted = await deleteNewsUpdate(id)
 */
export function deleteNewsUpdate(id: string, tx?: DbOrTx): Promise<boolean> {
  return deleteContent(newsUpdates, id, tx, 'news update deleted')
}
