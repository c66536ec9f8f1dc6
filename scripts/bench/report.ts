import { execFileSync } from 'node:child_process'
import os from 'node:os'

export type Verdict = 'PASS' | 'FALL SHORT' | '–'

/** One measured figure next to its goal. */
export type Figure = { what: string; value: string; goal: string; verdict: Verdict }

export const verdict = (met: boolean): Verdict => (met ? 'PASS' : 'FALL SHORT')

export function machine() {
  const cpus = os.cpus()
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1)
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${memoryGiB} GiB RAM, ${os.type()} ${os.release()}, Node.js ${process.version}`
}

/** The commit measured, marked when the working tree had changes on top of it. */
export function commit(root: string) {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    })
    return dirty.trim() ? `${sha} with uncommitted changes` : sha
  } catch {
    return 'unknown (not a git checkout)'
  }
}

// Columns padded as Biome formats Markdown, so the generated file passes `npm run lint` as is.
export function markdownTable(header: string[], rows: string[][], leftColumns = 1) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column].length)))
  const pad = (cell: string, column: number) =>
    column < leftColumns ? cell.padEnd(widths[column]) : cell.padStart(widths[column])
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`
  const rule = `| ${widths.map((width, column) => (column < leftColumns ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...rows.map(line)].join('\n')
}

export function figuresTable(figures: Figure[]) {
  return markdownTable(
    ['Figure', 'Measured', 'Goal', 'Verdict'],
    figures.map((figure) => [figure.what, figure.value, figure.goal, figure.verdict]),
    1,
  )
}

export const whole = (value: number) => Math.round(value).toLocaleString('en-US')

/** The section `npm run loadtest` (scripts/loadtest/) writes. */
export const LOAD_TEST_HEADING = '## Under load through the balancer'

/**
 * `text` (a Markdown file) with its `## heading` section (up to the next `## ` heading) replaced by
 * `section`, or `section` added at the end: each command that measures one part of BENCHMARKS.md
 * rewrites its own section and leaves the others as they were.
 */
export function replaceSection(text: string, heading: string, section: string): string {
  const body = `${section.trimEnd()}\n`
  const found = text.indexOf(`\n${heading}\n`)
  if (found === -1) return `${text.trimEnd()}\n\n${body}`
  const start = found + 1
  const next = text.indexOf('\n## ', start + heading.length)
  return next === -1 ? `${text.slice(0, start)}${body}` : `${text.slice(0, start)}${body}\n${text.slice(next + 1)}`
}
