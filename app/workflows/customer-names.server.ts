import { listProfilesByIds } from '#app/modules/accounts/index.server.ts'

/** A record as the back-office shows it: with its customer's name, and their e-mail or its own. */
export type WithCustomer<Row> = Row & { customerName: string | null; customerEmail: string | null }

/**
 * Step: the names and e-mails of the records' customers (accounts module), read at once; a record
 * without an account (a guest's order) keeps its own e-mail.
 * @example const rows = await withCustomers(orders) // [{ …order, customerName: 'Casey Jones', customerEmail: 'casey@example.com' }]
 */
export async function withCustomers<Row extends { userId: string | null; email: string | null }>(
  rows: Row[],
): Promise<WithCustomer<Row>[]> {
  const people = await listProfilesByIds(rows.flatMap((row) => (row.userId ? [row.userId] : [])))
  const byId = new Map(people.map((person) => [person.id, person]))
  return rows.map((row) => {
    const person = row.userId ? byId.get(row.userId) : undefined
    return { ...row, customerName: person?.fullName || null, customerEmail: person?.email ?? row.email }
  })
}
