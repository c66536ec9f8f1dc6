import type { ModelFormat } from './utils/model-format.ts'

export type { ModelFormat }

/** A stored 3D model file, as the server reads it (the storage key never leaves the server). */
export type ModelFileDto = {
  id: string
  /** The customer who uploaded it; null for a guest's upload. */
  userId: string | null
  storageKey: string
  fileName: string
  format: ModelFormat
  size: number
  createdAt: Date
}

/** What a page shows of a model file on an order line: its name and size, and where to download it. */
export type ModelFileSummaryDto = Pick<ModelFileDto, 'id' | 'fileName' | 'size'>

export type CreateModelFileInput = Omit<ModelFileDto, 'createdAt'>

/** A receipt as its owner's list shows it. */
export type ReceiptDto = {
  id: string
  fileName: string
  mimeType: string
  size: number
  invoiceId: string | null
  orderId: string | null
  createdAt: Date
}

/** Where a receipt's file is kept, for its download or its deletion. */
export type ReceiptFileDto = { id: string; userId: string; filePath: string; fileName: string; mimeType: string }

/** What a receipt's content turned out to be. */
export type ReceiptFileType = { mimeType: string; extension: 'pdf' | 'jpg' | 'png' | 'webp' | 'heic' }

export type NewReceipt = {
  userId: string
  filePath: string
  fileName: string
  mimeType: string
  size: number
  invoiceId: string | null
  orderId: string | null
}
