import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { quoteModels } from './schema.server.ts'
import type { ModelFormat, ModelMeasures } from './types.ts'

/** The content type a stored model is kept and served with. */
export const quoteModelContentTypes: Record<ModelFormat, string> = {
  stl: 'model/stl',
  '3mf': 'model/3mf',
  obj: 'model/obj',
}

/** Who a quote model belongs to: a signed-in customer, or a guest by the token of their cookie. */
export type QuoteModelOwner = { userId: string } | { guestToken: string }

export type QuoteModel = {
  id: string
  fileName: string
  measures: ModelMeasures
  createdAt: Date
}

export type NewQuoteModel = {
  id: string
  storageKey: string
  fileName: string
  fileSize: number
  measures: ModelMeasures
  owner: QuoteModelOwner
}

// The database keeps only a digest of a guest's token: its rows name no cookie one could replay.
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')

function ownerColumns(owner: QuoteModelOwner) {
  return 'userId' in owner
    ? { userId: owner.userId, guestTokenHash: null }
    : { userId: null, guestTokenHash: tokenHash(owner.guestToken) }
}

const columns = {
  id: quoteModels.id,
  fileName: quoteModels.fileName,
  format: quoteModels.format,
  triangles: quoteModels.triangles,
  volumeMm3: quoteModels.volumeMm3,
  areaMm2: quoteModels.areaMm2,
  size: quoteModels.size,
  watertight: quoteModels.watertight,
  unit: quoteModels.unit,
  createdAt: quoteModels.createdAt,
}

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] }

const toQuoteModel = ({ id, fileName, createdAt, ...measures }: Row): QuoteModel => ({
  id,
  fileName,
  createdAt,
  measures,
})

/**
 * Records a model already stored under `storageKey`, with its measures and its owner.
 * @example await createQuoteModel({ id, storageKey, fileName: 'bracket.stl', fileSize, measures, owner: { userId } })
 */
export async function createQuoteModel(input: NewQuoteModel, tx?: DbOrTx): Promise<QuoteModel> {
  const db = tx ?? (await getDb())
  const { measures, owner, ...file } = input
  const [row] = await db
    .insert(quoteModels)
    .values({ ...file, ...measures, ...ownerColumns(owner) })
    .returning(columns)
  if (!row) throw new Error('The quote model was not recorded')
  return toQuoteModel(row)
}

/**
 * The model `id` if it belongs to `owner`; undefined when it does not exist or is someone else's,
 * so the two cannot be told apart.
 */
export async function findOwnedQuoteModel(
  id: string,
  owner: QuoteModelOwner,
  tx?: DbOrTx,
): Promise<QuoteModel | undefined> {
  const db = tx ?? (await getDb())
  const own = ownerColumns(owner)
  const [row] = await db
    .select(columns)
    .from(quoteModels)
    .where(
      and(
        eq(quoteModels.id, id),
        own.userId === null ? eq(quoteModels.guestTokenHash, own.guestTokenHash) : eq(quoteModels.userId, own.userId),
      ),
    )
  return row ? toQuoteModel(row) : undefined
}

/**
 * The model `id` if any of `owners` owns it: the customer signed in, or the guest cookie of the
 * visit before they signed in (decision 037); undefined otherwise, like a missing one.
 * @example const model = await findQuoteModelOfOwners(id, [{ userId: viewer.id }, { guestToken }])
 */
export async function findQuoteModelOfOwners(id: string, owners: QuoteModelOwner[]): Promise<QuoteModel | undefined> {
  for (const owner of owners) {
    const model = await findOwnedQuoteModel(id, owner)
    if (model) return model
  }
  return undefined
}

/**
 * The model `id` whoever owns it, for a caller that proved the right to it otherwise (a cart line's
 * token, decision 039); undefined when it does not exist.
 */
export async function findQuoteModel(id: string, tx?: DbOrTx): Promise<QuoteModel | undefined> {
  const db = tx ?? (await getDb())
  const [row] = await db.select(columns).from(quoteModels).where(eq(quoteModels.id, id))
  return row ? toQuoteModel(row) : undefined
}

/**
 * Where the model `id` is stored and what it is, for a caller that already checked who owns it
 * (the copy sent to the shop's inbox); undefined when it does not exist.
 */
export async function findQuoteModelFile(
  id: string,
  tx?: DbOrTx,
): Promise<{ storageKey: string; fileName: string; format: ModelMeasures['format']; fileSize: number } | undefined> {
  const db = tx ?? (await getDb())
  const [row] = await db
    .select({
      storageKey: quoteModels.storageKey,
      fileName: quoteModels.fileName,
      format: quoteModels.format,
      fileSize: quoteModels.fileSize,
    })
    .from(quoteModels)
    .where(eq(quoteModels.id, id))
  return row
}
