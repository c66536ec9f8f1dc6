import fc from 'fast-check'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { parseIdReference } from '#app/utils/ids.ts'
import { identifyReceiptFile, NOT_A_RECEIPT } from './file-type.server.ts'
import { newReceiptKey, receiptFileName } from './receipts.server.ts'
import type { ReceiptFileType } from './types.ts'

const pdfType: ReceiptFileType = { mimeType: 'application/pdf', extension: 'pdf' }
const pngType: ReceiptFileType = { mimeType: 'image/png', extension: 'png' }

describe('receiptFileName', () => {
  test('keeps the customer’s name without folders, control or direction characters', () => {
    expect(receiptFileName('C:\\fakepath\\Receipt March.PDF', pdfType)).toBe('Receipt March.PDF')
    expect(receiptFileName('../../etc/passwd', pdfType)).toBe('passwd.pdf')
    expect(receiptFileName('Receipt\u202Efdp.exe', pdfType)).toBe('Receiptfdp.exe.pdf')
    expect(receiptFileName('line\nbreak%0A.pdf', pdfType)).toBe('linebreak.pdf')
    expect(receiptFileName('Receipt %22March%22.png', pngType)).toBe('Receipt "March".png')
    expect(receiptFileName('.hidden.png', pngType)).toBe('hidden.png')
    expect(receiptFileName('   ', pngType)).toBe('receipt.png')
    expect(receiptFileName('photo.jpg', pngType)).toBe('photo.jpg.png')
  })

  test('any name becomes a short, plain name ending in an extension of what the file is', () => {
    const types: ReceiptFileType[] = [
      pdfType,
      pngType,
      { mimeType: 'image/jpeg', extension: 'jpg' },
      { mimeType: 'image/webp', extension: 'webp' },
      { mimeType: 'image/heic', extension: 'heic' },
    ]
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite', maxLength: 400 }),
        fc.constantFrom(...types),
        (name, type) => {
          const cleaned = receiptFileName(name, type)
          expect([...cleaned].length).toBeLessThanOrEqual(120)
          expect(cleaned).not.toMatch(/[\\/\p{Cc}\p{Cf}]/u)
          expect(cleaned).not.toMatch(/^\./)
          const extension = cleaned.split('.').pop()?.toLowerCase()
          const allowed = {
            pdf: ['pdf'],
            jpg: ['jpg', 'jpeg', 'jpe'],
            png: ['png'],
            webp: ['webp'],
            heic: ['heic', 'heif'],
          }
          expect(allowed[type.extension]).toContain(extension)
        },
      ),
    )
  })
})

test('newReceiptKey is a generated key in the receipts area, never the file’s name', () => {
  const userId = '7D1F3C2A-9B8E-4C6D-A5F4-3E2D1C0B9A87'
  const key = newReceiptKey(userId, 'pdf')
  expect(key).toMatch(/^receipts\/7d1f3c2a-9b8e-4c6d-a5f4-3e2d1c0b9a87\/[0-9a-f-]{36}\.pdf$/)
  expect(newReceiptKey(userId, 'pdf')).not.toBe(key)
  expect(() => newReceiptKey('../other', 'pdf')).toThrow()
})

test('parseIdReference takes a full id or an 8-character number, nothing else', () => {
  expect(parseIdReference(' #1A2B3C4D ')).toEqual({ prefix: '1a2b3c4d' })
  expect(parseIdReference('7D1F3C2A-9B8E-4C6D-A5F4-3E2D1C0B9A87')).toEqual({
    id: '7d1f3c2a-9b8e-4c6d-a5f4-3e2d1c0b9a87',
  })
  for (const text of ['', '1a2b3c4', '1a2b3c4d5', '1a2b%', 'zzzzzzzz', "1' or '1"]) {
    expect(parseIdReference(text), text).toBeNull()
  }
})

describe('identifyReceiptFile', () => {
  const image = (format: 'webp' | 'jpeg' | 'png') =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .toFormat(format)
      .toBuffer()

  test('PDF, JPEG, PNG and WebP by their content', async () => {
    expect(await identifyReceiptFile(Buffer.from('%PDF-1.7\n'))).toEqual({ ok: true, type: pdfType })
    expect(await identifyReceiptFile(await image('jpeg'))).toEqual({
      ok: true,
      type: { mimeType: 'image/jpeg', extension: 'jpg' },
    })
    expect(await identifyReceiptFile(await image('png'))).toEqual({ ok: true, type: pngType })
    expect(await identifyReceiptFile(await image('webp'))).toEqual({
      ok: true,
      type: { mimeType: 'image/webp', extension: 'webp' },
    })
  })

  test('a HEIC photo sharp cannot read, an AVIF, a PDF signature further in and an empty file are refused', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)])
    expect(await identifyReceiptFile(heic)).toEqual({
      ok: false,
      message: 'This HEIC photo could not be read here. Please save it as JPEG or PNG and upload it again.',
    })
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .avif()
      .toBuffer()
    expect(await identifyReceiptFile(avif)).toEqual({ ok: false, message: NOT_A_RECEIPT })
    expect(await identifyReceiptFile(Buffer.from('hello %PDF-1.7'))).toEqual({ ok: false, message: NOT_A_RECEIPT })
    expect(await identifyReceiptFile(new Uint8Array())).toEqual({ ok: false, message: NOT_A_RECEIPT })
  })
})
