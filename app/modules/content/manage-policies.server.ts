import { asc, eq, like, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'
import { deleteContent } from './delete-content.server.ts'
import type { PolicyForm } from './policy-schemas.ts'
import { policies } from './schema.server.ts'
import type { AdminPolicyDto } from './types.ts'

const adminColumns = {
  id: policies.id,
  slug: policies.slug,
  title: policies.title,
  summary: policies.summary,
  content: policies.content,
  updatedAt: policies.updatedAt,
}

function toDto(row: { updatedAt: Date } & Omit<AdminPolicyDto, 'updatedAt'>): AdminPolicyDto {
  return { ...row, updatedAt: row.updatedAt.toISOString() }
}

/** A readable address from a title: "Returns & Exchanges" becomes "returns-exchanges". */
export function slugFromTitle(title: string) {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'policy'
}

async function freeSlug(db: DbOrTx, base: string) {
  const taken = new Set(
    (
      await db
        .select({ slug: policies.slug })
        .from(policies)
        .where(like(policies.slug, `${base}%`))
    ).map((row) => row.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/**
 * Every policy with its full text, in the order /policies shows them (the back-office list).
 * @example const policies = await listAdminPolicies() // [{ id, slug: 'returns', title, summary, content, updatedAt }]
 */
export async function listAdminPolicies(): Promise<AdminPolicyDto[]> {
  const db = await getDb()
  const rows = await db.select(adminColumns).from(policies).orderBy(asc(policies.position), asc(policies.title))
  return rows.map(toDto)
}

/**
 * Adds a policy after the others; its address (slug) comes from the title and never changes, so
 * links to it keep working when it is renamed.
 * @example const policy = await createPolicy({ title: 'Warranty', summary: '', content: 'One year.' })
 */
export async function createPolicy(input: PolicyForm, tx?: DbOrTx): Promise<AdminPolicyDto> {
  const db = tx ?? (await getDb())
  const insert = async (slug: string) =>
    db
      .insert(policies)
      .values({
        ...input,
        slug,
        position: sql`(select coalesce(max(${policies.position}), 0) + 1 from ${policies})`,
      })
      .onConflictDoNothing({ target: policies.slug })
      .returning(adminColumns)
  const base = slugFromTitle(input.title)
  // Someone else may take the same address at the same moment: then a random suffix.
  const first = await insert(await freeSlug(db, base))
  const [row] = first.length ? first : await insert(`${base}-${crypto.randomUUID().slice(0, 8)}`)
  announceUnlessInTransaction(tx, 'policy added')
  return toDto(row)
}

/**
 * Rewrites a policy's title, summary and content; null when the id is unknown.
 * @example const saved = await updatePolicy(id, { title: 'Returns', summary, content })
 */
export async function updatePolicy(id: string, input: PolicyForm, tx?: DbOrTx): Promise<AdminPolicyDto | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .update(policies)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(policies.id, id))
    .returning(adminColumns)
  if (!row) return null
  announceUnlessInTransaction(tx, 'policy updated')
  return toDto(row)
}

/**
 * Deletes a policy for good; false when the id is unknown.
 * @example const deleted = await deletePolicy(id)
 */
export function deletePolicy(id: string, tx?: DbOrTx): Promise<boolean> {
  return deleteContent(policies, id, tx, 'policy deleted')
}
