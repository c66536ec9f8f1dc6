import { ArrowDownRightIcon, ArrowUpRightIcon, type LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { shortDay } from '#app/rules/calendar.ts'
import { changeLabel } from '#app/rules/figures.ts'
import { formatMoney } from '#app/rules/money.ts'
import { cn } from '#app/utils/misc.ts'
import type { RevenueChartPoint } from './revenue-chart.tsx'

// Recharts comes with the chart's own module, fetched once the dashboard is open in a browser.
const RevenueChart = lazy(() => import('./revenue-chart.tsx'))

const linkClass =
  'block h-full rounded-xl outline-none transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-ring'

/**
 * A figure of the dashboard as one link to the list behind it: its name (after an icon), the value
 * and a line under it.
 */
function FigureLink({
  to,
  title,
  icon,
  value,
  children,
}: {
  to: string
  title: string
  icon?: React.ReactNode
  value: React.ReactNode
  children?: React.ReactNode
}) {
  return (
    <Link to={to} className={linkClass}>
      <Card className="h-full gap-2 bg-transparent">
        <CardHeader>
          <CardDescription className={icon ? 'flex items-center gap-2' : undefined}>
            {icon}
            <h3>{title}</h3>
          </CardDescription>
          <CardTitle className="font-bold text-3xl tabular-nums" data-testid="figure-value">
            {value}
          </CardTitle>
        </CardHeader>
        {children ? (
          <CardContent className="text-muted-foreground text-sm" data-testid="figure-detail">
            {children}
          </CardContent>
        ) : null}
      </Card>
    </Link>
  )
}

/** A period's paid revenue against the one before, linking to the paid invoices behind it. */
export function RevenueCard(props: {
  title: string
  cents: number
  previousCents: number
  previousName: string
  to: string
}) {
  const change = changeLabel(props.cents, props.previousCents)
  const up = props.cents >= props.previousCents
  return (
    <FigureLink to={props.to} title={props.title} value={formatMoney(props.cents)}>
      {change ? (
        <span className={cn('inline-flex items-center gap-0.5 font-medium', up ? 'text-emerald-700' : 'text-red-700')}>
          {up ? (
            <ArrowUpRightIcon className="size-4" aria-hidden />
          ) : (
            <ArrowDownRightIcon className="size-4" aria-hidden />
          )}
          {change}
        </span>
      ) : null}{' '}
      <span>
        {props.previousName}: <span className="tabular-nums">{formatMoney(props.previousCents)}</span>
      </span>
    </FigureLink>
  )
}

/**
 * A count linking to the filtered list behind it. A count of work waiting has its icon in the
 * shop's colour while there is any; a fact to watch (`work={false}`, new customers) never.
 */
export function FigureCard(props: {
  title: string
  count: number
  detail?: string
  to: string
  icon: LucideIcon
  work?: boolean
}) {
  const waiting = props.work !== false && props.count > 0
  return (
    <FigureLink
      to={props.to}
      title={props.title}
      icon={<props.icon className={cn('size-4', waiting ? 'text-primary' : '')} aria-hidden />}
      value={String(props.count)}
    >
      {props.detail}
    </FigureLink>
  )
}

/**
 * A card of the dashboard that is a landmark named by its heading `id`, with an optional icon
 * before the heading.
 * @example <RegionCard id="low-stock-title" title="Low stock" description="…">…</RegionCard>
 */
export function RegionCard({
  id,
  title,
  icon,
  description,
  className,
  testId,
  children,
}: {
  id: string
  title: React.ReactNode
  icon?: React.ReactNode
  description: React.ReactNode
  className?: string
  testId?: string
  children: React.ReactNode
}) {
  return (
    <Card className={className} role="region" aria-labelledby={id} data-testid={testId}>
      <CardHeader>
        <CardTitle className={icon ? 'flex items-center gap-2' : undefined}>
          {icon}
          <h2 id={id}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/**
 * Paid revenue and orders per day. The chart is drawn in the browser and hidden from screen
 * readers; the same numbers are a table under 'Show as table', which works without JavaScript too.
 */
export function RevenueChartCard({ points, testCents }: { points: RevenueChartPoint[]; testCents: number }) {
  const [inBrowser, setInBrowser] = useState(false)
  useEffect(() => setInBrowser(true), [])
  const revenue = points.reduce((sum, point) => sum + point.revenueCents, 0)
  const orders = points.reduce((sum, point) => sum + point.orders, 0)
  return (
    <RegionCard
      id="revenue-chart-title"
      title={`Paid revenue and orders, last ${points.length} days`}
      description={
        <>
          {formatMoney(revenue)} from {orders === 1 ? '1 order' : `${orders} orders`} and invoices paid for real.
          {testCents > 0 ? ` Test payments (demo checkout), not counted: ${formatMoney(testCents)}.` : ''}
        </>
      }
    >
      {/* A fixed height whether or not the chart has arrived, so nothing below it moves. */}
      {revenue === 0 && orders === 0 ? (
        <p className="grid h-64 place-items-center rounded-lg border border-dashed text-center text-muted-foreground text-sm">
          Nothing was paid in these {points.length} days yet.
        </p>
      ) : (
        <div className="h-64 w-full" aria-hidden data-testid="revenue-chart">
          {inBrowser ? (
            <Suspense fallback={null}>
              <RevenueChart points={points} />
            </Suspense>
          ) : null}
        </div>
      )}
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer text-primary">Show as table</summary>
        <div className="relative mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Paid revenue and orders per day</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  Revenue
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day} className="border-b last:border-0">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    <time dateTime={point.day}>{shortDay(point.day)}</time>
                  </th>
                  <td className="py-1 pr-4 text-right">{formatMoney(point.revenueCents)}</td>
                  <td className="py-1 text-right">{point.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </RegionCard>
  )
}
