// Password-reset and e-mail verification links are as good as a password while they last, and a
// query may carry search terms or addresses: none of that belongs in a log file.
const SECRET_PATH_SEGMENT = /(\/reset-password\/)[^/?#]+/g

/**
 * An address as the logs may keep it: the path, with a reset link's token replaced, and the query
 * parameters' names with their values replaced.
 * @example loggableUrl('/api/auth/reset-password/abc?callbackURL=%2Fx') // '/api/auth/reset-password/[redacted]?callbackURL=[redacted]'
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH_SEGMENT, '$1[redacted]')
  if (queryAt === -1) return path
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()]
  return `${path}?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&')}`
}
