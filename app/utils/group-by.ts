/**
 * Rows grouped by one of their fields, in their order, that field left out of each row: the items
 * of several invoices (or lines of several orders) read in one query, by their parent's id.
 * @example groupBy([{ invoiceId: 'a', description: 'Gear' }], 'invoiceId') // Map { 'a' => [{ description: 'Gear' }] }
 */
export function groupBy<Row extends object, Key extends keyof Row>(
  rows: readonly Row[],
  key: Key,
): Map<Row[Key], Omit<Row, Key>[]> {
  const groups = new Map<Row[Key], Omit<Row, Key>[]>()
  for (const { [key]: group, ...rest } of rows) {
    const members = groups.get(group) ?? []
    members.push(rest)
    groups.set(group, members)
  }
  return groups
}
