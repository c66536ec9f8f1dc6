import { readUploadForm, type UploadFormRead } from '#app/utils/upload-form.server.ts'
import { CONTENT_IMAGE_MAX_BYTES } from '#app/workflows/store-content-image.server.ts'

export { uploadedFile } from '#app/utils/upload-form.server.ts'

/**
 * Reads a content form that may carry pictures in `fileFields` (one each, up to 10 MB), with
 * limits checked while it arrives; a plain form (no pictures) is read as usual.
 */
export function readContentForm(request: Request, fileFields: readonly string[]): Promise<UploadFormRead> {
  return readUploadForm(request, {
    fileFields,
    maxFileBytes: CONTENT_IMAGE_MAX_BYTES,
    tooLarge: 'Each picture must be 10 MB or smaller.',
    tooMany: 'Upload one picture per image field.',
  })
}
