import { z } from 'zod'

/** Longest image field: a web address, a storage key or a short description of the picture. */
export const CONTENT_IMAGE_MAX = 500

/**
 * A trimmed text field of a back-office form. Anything that is not text (a missing field, a file)
 * counts as empty; an empty required field reports `requiredMessage`, a long one names its limit.
 */
export function formText({ label, max, requiredMessage }: { label: string; max: number; requiredMessage?: string }) {
  return z
    .unknown()
    .optional()
    .transform((value, context) => {
      const text = typeof value === 'string' ? value.trim() : ''
      if (!text && requiredMessage) {
        context.addIssue({ code: 'custom', message: requiredMessage })
        return z.NEVER
      }
      if (text.length > max) {
        context.addIssue({
          code: 'custom',
          message: `${label} must be at most ${max.toLocaleString('en-US')} characters.`,
        })
        return z.NEVER
      }
      return text
    })
}

/** An optional image: a web address, a storage key or a description; empty means none. */
export const contentImage = formText({ label: 'Image', max: CONTENT_IMAGE_MAX })

/** The message of a rejected form: its first problem. */
export function firstIssue(error: z.ZodError, fallback = 'Please check the form and try again.') {
  return error.issues[0]?.message ?? fallback
}
