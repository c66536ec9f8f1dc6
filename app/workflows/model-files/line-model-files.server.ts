import {
  isModelFileToken,
  listModelFilesByIds,
  type ModelFileSummaryDto,
  retrieveModelFile,
  summarizeModelFile,
} from '#app/modules/documents/index.server.ts'
import type { ModelFileRef } from '#app/rules/model-files.ts'

export type LineWithModelFile = { title: string; modelFile?: ModelFileRef | null }

/**
 * Checks the model file of every line before anything is written: it must exist, and the line
 * must hold the token issued when it was uploaded (a signed-in customer's own upload needs none).
 * Answers the first problem as a message naming the line, or null when every file may be used.
 * @example const problem = await checkLineModelFiles(lines, viewer) // 'The 3D model attached to "Bracket" …'
 */
export async function checkLineModelFiles(
  lines: readonly LineWithModelFile[],
  viewer: { id: string } | null,
): Promise<string | null> {
  for (const line of lines) {
    if (!line.modelFile) continue
    const file = await retrieveModelFile(line.modelFile.id)
    const owned = file !== null && viewer !== null && file.userId === viewer.id
    if (file && (owned || isModelFileToken(file.id, line.modelFile.token))) continue
    return `The 3D model attached to "${line.title}" could not be found. Remove it and attach it again.`
  }
  return null
}

/** Orders whose lines carry their model file's name and size. */
export type WithModelFiles<Order extends { items: unknown[] }> = Omit<Order, 'items'> & {
  items: (Order['items'][number] & { modelFile: ModelFileSummaryDto | null })[]
}

/**
 * Order lines with their model file's name and size for showing (customer's order list, the
 * back-office); a line whose file is gone shows none.
 * @example const orders = await withModelFileSummaries(page.rows)
 */
export async function withModelFileSummaries<Order extends { items: { modelFileId: string | null }[] }>(
  orders: Order[],
): Promise<WithModelFiles<Order>[]> {
  const files = await listModelFilesByIds(orders.flatMap((order) => order.items.map((line) => line.modelFileId)))
  const byId = new Map(files.map((file) => [file.id, summarizeModelFile(file)]))
  return orders.map((order) => ({
    ...order,
    items: order.items.map((line) => ({
      ...line,
      modelFile: line.modelFileId ? (byId.get(line.modelFileId) ?? null) : null,
    })),
  }))
}
