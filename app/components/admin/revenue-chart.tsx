import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { shortDay } from '#app/rules/calendar.ts'
import { formatMoney } from '#app/rules/money.ts'

export type RevenueChartPoint = { day: string; revenueCents: number; orders: number }

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`

/**
 * Paid revenue (bars, left axis) and paid orders (line, right axis) per day. Recharts is loaded with
 * this module only, when the dashboard shows it in a browser: no other page carries it.
 */
export default function RevenueChart({ points }: { points: RevenueChartPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis yAxisId="revenue" tickFormatter={dollars} tick={{ fontSize: 12 }} width={56} />
        <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
        <Tooltip
          labelFormatter={(day) => shortDay(String(day))}
          formatter={(value, name) => (name === 'Revenue' ? formatMoney(Number(value)) : String(value))}
        />
        <Bar
          yAxisId="revenue"
          dataKey="revenueCents"
          name="Revenue"
          fill="var(--color-primary)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          type="linear"
          stroke="var(--color-chart-2, #f59e0b)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  )
}
