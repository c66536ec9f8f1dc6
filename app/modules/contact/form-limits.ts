export const urgencyOptions = [
  { value: 'standard', label: 'Standard (5-7 days)' },
  { value: 'rush', label: 'Rush (2-3 days)' },
  { value: 'urgent', label: 'Urgent (24-48 hours)' },
] as const

// Files on the contact form, shared by the page and the server: the limits the page states are the
// limits the server enforces. What a file is, the server reads from its content, never its name.
export const CONTACT_FILES_MAX = 3
export const CONTACT_FILE_MAX_BYTES = 25 * 1024 * 1024
export const CONTACT_FILE_LIMIT_TEXT = '25 MB'
/** What the file picker offers. */
export const CONTACT_FILE_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,.stl,.obj,.3mf'
export const CONTACT_FILE_TYPES_TEXT = 'photos (JPEG, PNG or WebP), PDFs or 3D models (STL, OBJ or 3MF)'
export const CONTACT_FILE_TOO_LARGE = `Each file must be ${CONTACT_FILE_LIMIT_TEXT} or smaller.`
export const CONTACT_TOO_MANY_FILES = `Attach at most ${CONTACT_FILES_MAX} files.`

/** The refusal of a file whose content is none of the accepted kinds. */
export function contactFileRefusal(fileName: string) {
  return `“${fileName}” is not a photo (JPEG, PNG or WebP), a PDF or a 3D model (STL, OBJ or 3MF).`
}
