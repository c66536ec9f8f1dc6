const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Escapes text for HTML element content and quoted attribute values.
 * @example escapeHtml('<b>"Tom" & Jerry</b>') // '&lt;b&gt;&quot;Tom&quot; &amp; Jerry&lt;/b&gt;'
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => entities[char] ?? char)
}

/**
 * A link target that is safe to put in an e-mail: http(s) and mailto only, escaped for an
 * attribute. Anything else (a `javascript:` URL, a typo) becomes `#`.
 * @example safeHref('https://shop.test/a?b=1&c=2') // 'https://shop.test/a?b=1&amp;c=2'
 */
export function safeHref(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? escapeHtml(url.trim()) : '#'
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
