import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import type { Figure } from './report.ts'
import { verdict } from './report.ts'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const GOALS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const
const LCP_GOAL_MS = 1500
const TBT_GOAL_MS = 50
const CLS_GOAL = 0.01
/**
 * Runs per page, of which the median one counts (Lighthouse's own `computeMedianRun`, by first
 * paint and time to interactive), after one that does not: its docs' advice against the spread
 * of single runs, which on this machine put one page anywhere between 90 and 100. Five, as its
 * docs/variability.md says (the median of five halves the spread of one run): with three, the
 * chosen run's TBT for /products went from 72 to 149 ms between two runs of the same build, and
 * single runs from 25 to 138 ms. The first visit also makes the page's image variants (sharp), a
 * cost of the first visitor only.
 */
export const LIGHTHOUSE_RUNS = 5
const MAX_FAILED_TRACES = 2

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

export type LighthouseResult = {
  path: string
  scores: Record<(typeof CATEGORIES)[number], number>
  lcpMs: number
  tbtMs: number
  cls: number
  /** The audits that lost points, by category: what to fix next. */
  failing: string[]
}

/**
 * Lighthouse as PageSpeed runs it by default: a phone, simulated slow 4G and a 4× slower CPU,
 * in Debian's Chromium (CHROMIUM_PATH to use another).
 */
export async function runLighthouse(base: string, paths: string[]): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    const results: LighthouseResult[] = []
    for (const path of paths) {
      const runs: Report[] = []
      let failedTraces = 0
      for (let run = 0; run <= LIGHTHOUSE_RUNS; run++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        })
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
        const { runtimeError } = result.lhr
        // Now and then Chromium's trace misses the navigation's start (NO_NAVSTART, "Please run
        // Lighthouse again"): a failure of the recording, not of the page, so that run is made again.
        if (runtimeError?.code === 'NO_NAVSTART' && ++failedTraces <= MAX_FAILED_TRACES) {
          run--
          continue
        }
        if (runtimeError) throw new Error(`Lighthouse could not load ${path}: ${runtimeError.message}`)
        if (run > 0) runs.push(result.lhr)
      }
      const lhr: Report = computeMedianRun(runs)
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
      ) as LighthouseResult['scores']
      const failing = CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
          .map((audit) => `${category}: ${audit.title}`),
      )
      results.push({
        path,
        scores,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        failing,
      })
    }
    return results
  } finally {
    chrome.kill()
  }
}

export function lighthouseFigures(results: LighthouseResult[]): Figure[] {
  return results.flatMap((result) => {
    const page = result.path.replace(/[0-9a-f-]{36}/, '<id>')
    const { performance, accessibility, seo } = result.scores
    const bestPractices = result.scores['best-practices']
    return [
      {
        what: `Lighthouse ${page}: performance, accessibility, best practices, SEO`,
        value: `${performance}, ${accessibility}, ${bestPractices}, ${seo}`,
        goal: `≥ ${GOALS.performance}, ${GOALS.accessibility}, ${GOALS['best-practices']}, ${GOALS.seo}`,
        verdict: verdict(
          performance >= GOALS.performance &&
            accessibility >= GOALS.accessibility &&
            bestPractices >= GOALS['best-practices'] &&
            seo >= GOALS.seo,
        ),
      },
      {
        what: `Lighthouse ${page}: LCP, TBT, CLS`,
        value: `${(result.lcpMs / 1000).toFixed(2)} s, ${Math.round(result.tbtMs)} ms, ${result.cls.toFixed(3)}`,
        goal: `≤ ${LCP_GOAL_MS / 1000} s, ${TBT_GOAL_MS} ms, ${CLS_GOAL}`,
        verdict: verdict(result.lcpMs <= LCP_GOAL_MS && result.tbtMs <= TBT_GOAL_MS && result.cls <= CLS_GOAL),
      },
    ]
  })
}
