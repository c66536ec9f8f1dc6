/**
 * A link target that is safe to put in an e-mail: http(s) and mailto only (React escapes it for
 * the attribute). Anything else (a `javascript:` URL, a typo) becomes `#`.
 * @example safeUrl('javascript:alert(1)') // '#'
 */
export function safeUrl(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : '#'
}

/**
 * One line of text for a header: no line breaks (which could inject headers), squeezed spaces,
 * at most `max` characters.
 * @example singleLine('Hello\r\nBcc: x@y.z') // 'Hello Bcc: x@y.z'
 */
export function singleLine(value: string, max = 200): string {
  const line = value.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
