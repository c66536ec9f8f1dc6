/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with an
 * apostrophe, since names and titles come from customers (OWASP "CSV injection").
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV record, ended by CRLF as RFC 4180 says. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}
