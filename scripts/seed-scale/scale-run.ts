import type { BulkSession, StepTime } from './bulk-session.ts'
import type { ScaleCounts } from './options.ts'
import type { ScaleTimeline } from './pools.ts'

/** What every step of one run shares. */
export type ScaleRun = {
  /** Connections that write batches side by side (each session has its own temporary tables). */
  sessions: BulkSession[]
  /** Six hex digits in every SKU and e-mail address this run writes, so a second run never collides. */
  tag: string
  timeline: ScaleTimeline
  counts: ScaleCounts
  /** Told how far a long step has come. */
  log: (line: string) => void
}

/**
 * Runs `work` for rows 1..total in slices of `size`, each slice in its own transaction on the next
 * free connection: the server's memory stays flat, its cores share the work, and a failure keeps
 * the slices already written whole. Each slice starts `random()` from a seed of its own, so every
 * run makes a shop of the same shape whichever connection wrote which slice.
 * @example await inBatches(run, 'products', 100_000, 25_000, (session, from, to) => session.write('products', sql, [from, to]))
 */
export async function inBatches(
  run: ScaleRun,
  name: string,
  total: number,
  size: number,
  work: (session: BulkSession, from: number, to: number) => Promise<unknown>,
) {
  let next = 1
  let done = 0
  let failed = false
  await Promise.all(
    run.sessions.map(async (session) => {
      while (next <= total && !failed) {
        const from = next
        const to = Math.min(total, from + size - 1)
        next = to + 1
        try {
          await session.transaction(async () => {
            await session.query('select setseed($1)', [batchSeed(name, from)])
            await work(session, from, to)
          })
          const before = done
          done += to - from + 1
          // About every tenth of a long step.
          if (done < total && Math.floor((done * 10) / total) > Math.floor((before * 10) / total)) {
            run.log(`  ${name}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`)
          }
        } catch (error) {
          failed = true
          throw error
        }
      }
    }),
  )
}

/** A number in [-1, 1] (what setseed takes) that depends only on the step and the slice. */
function batchSeed(name: string, from: number): number {
  let hash = from % 1_000_003
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003
  return hash / 500_001.5 - 1
}

/** Runs `work` once on every connection (creating a session's temporary tables). */
export async function onEverySession(run: ScaleRun, work: (session: BulkSession) => Promise<unknown>) {
  await Promise.all(run.sessions.map(work))
}

/** Each kind of write's rows and time over every connection (times add up: they ran side by side). */
export function writeTimes(run: ScaleRun): StepTime[] {
  const totals = new Map<string, StepTime>()
  for (const time of run.sessions.flatMap((session) => session.times())) {
    const step = totals.get(time.label) ?? { label: time.label, rows: 0, ms: 0 }
    step.rows += time.rows
    step.ms += time.ms
    totals.set(time.label, step)
  }
  return [...totals.values()]
}

/**
 * Makes the batches' writes to rows the dashboard's rollups follow (orders, their lines, invoices)
 * take turns, until the batch's transaction ends: their triggers upsert the same quarter-hour rows
 * (decision 033) in the order of each batch's own rows, and two batches doing so side by side
 * deadlock. What comes before (planning a batch in its temporary tables) still runs side by side.
 * @example await takeRollupTurn(session) // then the inserts
 */
export async function takeRollupTurn(session: BulkSession) {
  await session.query(`select pg_advisory_xact_lock(hashtext('seed-scale rollups'))`)
}
