import { eq, inArray } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { modelFiles } from './schema.server.ts'
import type { CreateModelFileInput, ModelFileDto, ModelFileSummaryDto } from './types.ts'

const modelFileColumns = {
  id: modelFiles.id,
  userId: modelFiles.userId,
  storageKey: modelFiles.storageKey,
  fileName: modelFiles.fileName,
  format: modelFiles.format,
  size: modelFiles.size,
  createdAt: modelFiles.createdAt,
}

/**
 * Records a model file already stored under its generated key.
 * @example await createModelFile({ id, userId: viewer?.id ?? null, storageKey: `models/${id}.stl`, fileName, format: 'stl', size })
 */
export async function createModelFile(input: CreateModelFileInput, tx?: DbOrTx): Promise<ModelFileDto> {
  const db = tx ?? (await getDb())
  const [row] = await db.insert(modelFiles).values(input).returning(modelFileColumns)
  if (!row) throw new Error('The model file was not stored')
  return row
}

/**
 * One model file by id; null when the id is malformed or unknown. Callers decide who may see it.
 * @example const file = await retrieveModelFile(params.fileId)
 */
export async function retrieveModelFile(id: string, tx?: DbOrTx): Promise<ModelFileDto | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db.select(modelFileColumns).from(modelFiles).where(eq(modelFiles.id, id)).limit(1)
  return row ?? null
}

/**
 * The model files of these ids, for showing them on order lines; unknown and malformed ids are left out.
 * @example const files = await listModelFilesByIds(lines.map((line) => line.modelFileId))
 */
export async function listModelFilesByIds(ids: readonly (string | null)[]): Promise<ModelFileDto[]> {
  const wanted = [...new Set(ids.filter(isUuid))]
  if (wanted.length === 0) return []
  const db = await getDb()
  return db.select(modelFileColumns).from(modelFiles).where(inArray(modelFiles.id, wanted))
}

/** The part of a model file a page may show. */
export function summarizeModelFile(file: ModelFileDto): ModelFileSummaryDto {
  return { id: file.id, fileName: file.fileName, size: file.size }
}
