import { z } from 'zod'

// What people type into the shop's forms and addresses. PostgreSQL refuses a NUL character in text
// and an unpaired surrogate in jsonb, and no other control character belongs in a name or a message
// either, so they are refused where input is read, with a message, instead of failing in the database.

/** The message for a field that holds a control character (or half of an emoji). */
export const UNSUPPORTED_CHARACTERS = 'Please remove unsupported characters.'

// Controls (C0, DEL, C1) and unpaired surrogates; with the `u` flag a surrogate range only matches
// a surrogate that is not half of a pair.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being refused
const UNSUPPORTED_IN_LINE = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/u
// The same, except tab, line feed and carriage return, which belong in a text of several lines.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being refused
const UNSUPPORTED_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const UNSUPPORTED_ANYWHERE = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/gu

/**
 * Whether typed text holds a character the shop does not accept: any control character in one line
 * (a name, a title, an id), or a control other than tab and line breaks in a text of several lines.
 * @example hasUnsupportedCharacters('Casey\u0000') // true
 */
export function hasUnsupportedCharacters(text: string, { multiline = false } = {}): boolean {
  return (multiline ? UNSUPPORTED_IN_TEXT : UNSUPPORTED_IN_LINE).test(text)
}

/** 'Please remove unsupported characters.', or naming the field: 'Title contains a character that is not allowed.' */
export function unsupportedCharactersMessage(label?: string) {
  return label ? `${label} contains a character that is not allowed.` : UNSUPPORTED_CHARACTERS
}

type TextOptions = {
  /** Names the field in the message. */
  label?: string
  /** The message when the value is not text at all (missing field). */
  error?: string
  /** The message for an unsupported character, instead of the one naming `label`. */
  message?: string
  /** Trims spaces around the text (the default); ids and keys are taken as they are. */
  trim?: boolean
}

function textField(multiline: boolean, { label, error, message, trim = true }: TextOptions) {
  const text = z.string(error ? { error } : undefined)
  return (trim ? text.trim() : text).refine(
    (value) => !hasUnsupportedCharacters(value, { multiline }),
    message ?? unsupportedCharactersMessage(label),
  )
}

/**
 * A trimmed one-line text field (a name, title, e-mail address, code or id) without any control
 * character. Chain the field's own rules after it.
 * @example const name = singleLine({ label: 'Name', error: 'Name is required.' }).min(1, 'Name is required.')
 */
export function singleLine(options: TextOptions = {}) {
  return textField(false, options)
}

/**
 * A trimmed text of several lines (a message, a description): tab and line breaks are kept, other
 * control characters refused.
 * @example const message = multiLine({ label: 'Project description' }).min(1).max(5000)
 */
export function multiLine(options: TextOptions = {}) {
  return textField(true, options)
}

/**
 * A search term as typed into a search box or a list filter: every unsupported character becomes a
 * space and it is cut to `max` characters, so a search never fails because of what was typed.
 * @example cleanSearchText('mount\u0000', 200) // 'mount'
 */
export function cleanSearchText(text: string, max: number): string {
  // Cut first: a cut through an emoji leaves half of it, which is then removed too.
  return text.slice(0, max).replace(UNSUPPORTED_ANYWHERE, ' ').trim()
}

/**
 * The search field of a query string, cleaned by `cleanSearchText`. Anything that is not text, or
 * longer than `max`, is no search.
 * @example const QuerySchema = z.object({ q: searchText(200) })
 */
export function searchText(max: number) {
  return z
    .string()
    .max(max)
    .transform((text) => cleanSearchText(text, max))
    .catch('')
}
