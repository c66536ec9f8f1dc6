import type { SeedScaleResult } from './seed-scale-shop.ts'

const whole = (n: number) => Math.round(n).toLocaleString('en-US')

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows
    .map((row) =>
      row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))),
    )
    .map((row) => `  ${row.join('   ')}`)
    .join('\n')
}

/**
 * What a run did, for the console: each kind of write with its rows and time, the rows of each
 * table afterwards, the database's size, and the accounts that can sign in.
 * @example console.info(formatReport(result))
 */
export function formatReport(result: SeedScaleResult): string {
  const steps = table([
    ['step', 'rows', 'seconds', 'rows/s'],
    ...result.steps.map((step) => [
      step.label,
      step.rows ? whole(step.rows) : '',
      (step.ms / 1000).toFixed(1),
      step.rows ? whole(step.rows / (step.ms / 1000)) : '',
    ]),
  ])
  const totals = table([['table', 'rows'], ...result.totals.map(({ table, rows }) => [table, whole(rows)])])
  const accounts = result.accounts.length
    ? `Accounts that can sign in (keep these; they are not stored anywhere):\n${table(
        result.accounts.map((account) => [account.role, account.email, account.password]),
      )}`
    : 'The shop already had accounts, so none were made: sign in with those.'
  return [
    `Seeded the shop at scale in ${(result.ms / 1000).toFixed(0)} s (this run's SKUs and e-mail addresses carry ${result.tag}).`,
    steps,
    'Rows in the database now:',
    totals,
    `Database size: ${(result.databaseBytes / 1024 ** 3).toFixed(2)} GiB`,
    accounts,
  ].join('\n\n')
}
