/**
 * How a reviewer is shown publicly: first name plus last initial ('Maria Garcia' is 'Maria G.'),
 * a single name as it is, and 'Anonymous' when there is no name.
 */
export function reviewerName(fullName: string | null | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return 'Anonymous'
  const first = parts[0]
  if (parts.length === 1) return first
  const initial = parts[parts.length - 1].charAt(0).toLocaleUpperCase('en-US')
  return `${first} ${initial}.`
}
