import { randomUUID } from 'node:crypto'
import {
  analyseModel,
  checkBuildVolume,
  createQuoteModel,
  type ModelFormat,
  type ModelMeasures,
  type QuoteModelOwner,
  quoteModelContentTypes,
} from '#app/modules/instant-quote/index.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { getStorage } from '#app/modules/storage/index.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { buildVolumeOf } from './print-pricing.server.ts'

/** What the page is told of a model it may now price: its measures in mm and any warnings. */
export type UploadedQuoteModel = {
  id: string
  fileName: string
  measures: ModelMeasures
  warnings: string[]
}

export type UploadQuoteModelResult = { ok: true; model: UploadedQuoteModel } | { ok: false; message: string }

/** The customer's file name, kept for showing only: one line, at most 200 characters. */
function cleanFileName(name: string, format: ModelFormat): string {
  const cleaned = [...name]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim()
    .slice(-200)
  return cleaned || `model.${format}`
}

/**
 * A model uploaded to /instant-quote: read and measured in the analysis worker (its file limit the
 * shop's setting), checked against the printer's build volume, then stored privately under a
 * generated key (`quote-models/<id>.<format>`) and recorded for its owner. A model that cannot be
 * read or does not fit is refused with the customer's message and nothing is kept.
 * @example const result = await uploadQuoteModel({ file, owner: { userId: viewer.id } })
 */
export async function uploadQuoteModel({
  file,
  owner,
}: {
  file: File
  owner: QuoteModelOwner
}): Promise<UploadQuoteModelResult> {
  const { settings } = await getPrintQuoteSettings()
  const bytes = new Uint8Array(await file.arrayBuffer())

  // Step 1: what the bytes are and measure, off the event loop (ADR 034).
  const analysis = await analyseModel(bytes, file.name, { maxFileBytes: settings.fileSizeLimitMb * 1024 * 1024 })
  if (!analysis.ok) return { ok: false, message: analysis.message }
  const { measures } = analysis

  // Step 2: a model too large at its own scale cannot fit at any the page offers (they only grow it).
  const fits = checkBuildVolume(measures.size, buildVolumeOf(settings))
  if (!fits.fits) return { ok: false, message: fits.message }

  // Step 3: stored under a key of our own making, then recorded, or the stored bytes go again.
  const id = randomUUID()
  const storageKey = `quote-models/${id}.${measures.format}`
  const storage = getStorage()
  await storage.put(storageKey, Buffer.from(bytes), quoteModelContentTypes[measures.format])
  try {
    const model = await createQuoteModel({
      id,
      storageKey,
      fileName: cleanFileName(file.name, measures.format),
      fileSize: bytes.byteLength,
      measures,
      owner,
    })
    return {
      ok: true,
      model: {
        id: model.id,
        fileName: model.fileName,
        measures: model.measures,
        warnings: analysis.warnings.map((warning) => warning.message),
      },
    }
  } catch (error) {
    await storage.delete(storageKey).catch((cleanup: unknown) => {
      logger.warn({ err: cleanup, storageKey }, 'A quote model that could not be recorded was not deleted')
    })
    throw error
  }
}
