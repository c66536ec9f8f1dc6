import { expect, test } from 'vitest'
import { attachmentResponse } from './attachment.server.ts'

test('a private file is an attachment with a safe name, never sniffed or cached', async () => {
  const response = attachmentResponse(Buffer.from('%PDF-1.7'), {
    fileName: 'Quittung "März"\r\nX-Evil: 1.pdf',
    contentType: 'application/pdf',
  })
  const disposition = response.headers.get('content-disposition') ?? ''
  expect(disposition).toBe(
    `attachment; filename="Quittung _M_rz___X-Evil: 1.pdf"; filename*=UTF-8''Quittung%20%22M%C3%A4rz%22%0D%0AX-Evil%3A%201.pdf`,
  )
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  expect(response.headers.get('content-length')).toBe('8')
  expect(await response.text()).toBe('%PDF-1.7')
})
