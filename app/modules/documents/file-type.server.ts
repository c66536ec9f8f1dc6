import sharp, { type Metadata } from 'sharp'
import type { ReceiptFileType } from './types.ts'

export type IdentifiedReceipt = { ok: true; type: ReceiptFileType } | { ok: false; message: string }

export const NOT_A_RECEIPT = 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.'
const DAMAGED_IMAGE = 'This image could not be read. It may be damaged; please try another file.'
const UNREADABLE_HEIC = 'This HEIC photo could not be read here. Please save it as JPEG or PNG and upload it again.'

type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif'

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

// HEIF brands of HEVC-coded pictures (an iPhone's photos); AVIF's own brand is not among them.
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])

/** The image format the first bytes announce, if any (magic numbers, never the name). */
function announcedImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12))
    if (heicBrands.has(brand)) return 'heif'
  }
  return null
}

const imageTypes: Record<Exclude<ImageFormat, 'heif'>, ReceiptFileType> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
}

/**
 * What an uploaded receipt is, decided by its content alone: a PDF (`%PDF-` at the start) or a
 * JPEG, PNG, WebP or HEIC picture whose first bytes say so and whose header sharp reads as that
 * same format. Anything else (a program renamed `.pdf`, a text file, an AVIF or GIF) is refused
 * with a message for the customer. The picture is not decoded: it is kept as sent, for the shop.
 * @example const identified = await identifyReceiptFile(bytes) // { ok: true, type: { mimeType: 'application/pdf', extension: 'pdf' } }
 */
export async function identifyReceiptFile(bytes: Uint8Array): Promise<IdentifiedReceipt> {
  if (startsWith(bytes, ascii('%PDF-'))) return { ok: true, type: { mimeType: 'application/pdf', extension: 'pdf' } }
  const announced = announcedImage(bytes)
  if (!announced) return { ok: false, message: NOT_A_RECEIPT }
  let metadata: Metadata
  try {
    metadata = await sharp(bytes).metadata()
  } catch {
    return { ok: false, message: announced === 'heif' ? UNREADABLE_HEIC : DAMAGED_IMAGE }
  }
  if (metadata.format !== announced || !metadata.width || !metadata.height) {
    return { ok: false, message: DAMAGED_IMAGE }
  }
  if (announced !== 'heif') return { ok: true, type: imageTypes[announced] }
  // sharp names AVIF and HEIC both 'heif'; only the HEVC-coded kind is a HEIC photo.
  if (metadata.compression !== 'hevc') return { ok: false, message: NOT_A_RECEIPT }
  return { ok: true, type: { mimeType: 'image/heic', extension: 'heic' } }
}
