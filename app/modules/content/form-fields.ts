import { z } from 'zod'
import { hasUnsupportedCharacters, unsupportedCharactersMessage } from '#app/rules/text.ts'

/** Longest title of a guide or its step, a service, an update, a policy or an about section. */
export const CONTENT_TITLE_MAX = 200

/** Longest image field: a web address, a storage key or a short description of the picture. */
export const CONTENT_IMAGE_MAX = 500

/**
 * A trimmed text field of a back-office form. Anything that is not text (a missing field, a file)
 * counts as empty; an empty required field reports `requiredMessage`, a long one names its limit,
 * one with a control character names the field (tab and line breaks are kept when `multiline`).
 */
export function formText({
  label,
  max,
  requiredMessage,
  multiline = false,
}: {
  label: string
  max: number
  requiredMessage?: string
  multiline?: boolean
}) {
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
      if (hasUnsupportedCharacters(text, { multiline })) {
        context.addIssue({ code: 'custom', message: unsupportedCharactersMessage(label) })
        return z.NEVER
      }
      return text
    })
}

/** Required text of several lines: a guide's description, an update's or a policy's content. */
export function requiredText(label: string, max: number, requiredMessage: string) {
  return formText({ label, max, requiredMessage, multiline: true })
}

/** An optional image: a web address, a storage key or a description; empty means none. */
export const contentImage = formText({ label: 'Image', max: CONTENT_IMAGE_MAX })

/** The message of a rejected form: its first problem. */
export function firstIssue(error: z.ZodError, fallback = 'Please check the form and try again.') {
  return error.issues[0]?.message ?? fallback
}
