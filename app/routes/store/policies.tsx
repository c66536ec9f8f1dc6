import { ArrowRight, FileText, Lock, RotateCcw, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardFooter, CardHeader } from '#app/components/ui/card.tsx'
import { listPolicies } from '#app/modules/content/index.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { PageHeader } from './+shared/page-header.tsx'
import type { Route } from './+types/policies.ts'

const policyIcons = [
  { match: /return|exchange|refund/i, icon: RotateCcw },
  { match: /ship|deliver/i, icon: Truck },
  { match: /privacy|data/i, icon: Lock },
]

function iconFor(slug: string) {
  return policyIcons.find(({ match }) => match.test(slug))?.icon ?? FileText
}

export function meta() {
  return pageMeta({
    title: 'Policies · LayerWorks 3D',
    description: 'Our returns and exchanges, shipping and privacy policies: what to expect when you order from us.',
  })
}

export async function loader() {
  return { policies: await listPolicies() }
}

export default function Policies({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
      <PageHeader title="Our Policies" lead="Clear terms for returns, shipping and your privacy." />
      {policies.length === 0 ? (
        <p className="mx-auto max-w-md rounded-xl border bg-muted/40 p-8 text-center text-muted-foreground">
          Our policies are being updated. Please contact us with any questions.
        </p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-3">
          {policies.map((policy) => {
            const Icon = iconFor(policy.slug)
            return (
              <li key={policy.id} className="flex">
                <Card className="w-full">
                  <CardHeader className="gap-3">
                    <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <h2 className="font-semibold text-xl">{policy.title}</h2>
                  </CardHeader>
                  <CardContent className="flex-1">
                    <p className="text-muted-foreground text-sm leading-relaxed">{policy.summary}</p>
                  </CardContent>
                  <CardFooter>
                    <Button asChild variant="outline">
                      <Link to={`/policies/${policy.slug}`}>
                        Read full policy
                        <span className="sr-only">{`: ${policy.title}`}</span>
                        <ArrowRight aria-hidden />
                      </Link>
                    </Button>
                  </CardFooter>
                </Card>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
