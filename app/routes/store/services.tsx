import { CircleCheck, Clock, Factory, MessageSquare, PenTool, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '#app/components/ui/card.tsx'
import { listServices } from '#app/modules/content/index.server.ts'
import { formatMoney } from '#app/rules/money.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { PageHeader } from './+shared/page-header.tsx'
import type { Route } from './+types/services.ts'

const materials = [
  {
    name: 'PLA',
    colors: '20+ colors',
    text: 'Easy to print and biodegradable, ideal for prototypes and display pieces.',
  },
  { name: 'ASA', colors: '15+ colors', text: 'UV and weather resistant, made for outdoor parts and enclosures.' },
  { name: 'PETG', colors: '10+ colors', text: 'Tough, slightly flexible and food-safe grades for functional parts.' },
  { name: 'TPU', colors: '8+ colors', text: 'Flexible and impact absorbing, great for cases, grips and seals.' },
]

const processSteps = [
  {
    title: 'Consultation',
    text: 'Tell us about your idea, the part you need or the object to scan.',
    icon: MessageSquare,
  },
  {
    title: 'Design & Quote',
    text: 'We model or scan it and send a clear quote before any work starts.',
    icon: PenTool,
  },
  { title: 'Production', text: 'Your parts are printed, finished and checked for fit and quality.', icon: Factory },
  { title: 'Delivery', text: 'We pack everything carefully and ship it to your door, worldwide.', icon: Truck },
]

export function meta() {
  return pageMeta({
    title: 'Services · LayerWorks 3D',
    description:
      'Custom 3D design, 3D scanning and 3D printing services with transparent starting prices, a choice of materials and a simple four-step process.',
  })
}

export async function loader() {
  return { services: await listServices() }
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-10">
      <PageHeader
        title="Our Services"
        lead="From a rough idea to a finished part: we design, scan and print it for you."
      />

      <HeadedSection id="services-heading" title="Services we offer" headingClassName="sr-only" className="space-y-6">
        {services.length === 0 ? (
          <p className="rounded-xl border bg-muted/40 p-8 text-center text-muted-foreground">
            Our services are being updated. Please contact us for a quote.
          </p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service.id} className="flex">
                <Card className="w-full">
                  <CardHeader>
                    <h3 className="font-semibold text-xl">{service.title}</h3>
                    <CardDescription>{service.description}</CardDescription>
                  </CardHeader>
                  <CardContent className="flex-1 space-y-4">
                    {service.features.length > 0 ? (
                      <ul className="space-y-2 text-sm" aria-label={`${service.title} features`}>
                        {service.features.map((feature) => (
                          <li key={feature.id} className="flex items-start gap-2">
                            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                            <span>{feature.name}</span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <dl className="space-y-1 border-t pt-4 text-sm">
                      <div>
                        <dt className="sr-only">Price</dt>
                        <dd className="font-semibold text-lg text-primary">
                          {`Starting at ${formatMoney(service.priceCents)}/${service.priceUnit}`}
                        </dd>
                      </div>
                      <div className="flex items-center gap-2 text-muted-foreground">
                        <dt className="flex items-center gap-2">
                          <Clock aria-hidden className="size-4" />
                          <span className="sr-only">Turnaround</span>
                        </dt>
                        <dd>Varies by project</dd>
                      </div>
                    </dl>
                  </CardContent>
                  <CardFooter>
                    <Button asChild className="w-full">
                      <Link to="/contact">{`Get Quote for ${service.title}`}</Link>
                    </Button>
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>

      <TitledSection id="materials" title="Materials" lead="Quality filaments in a wide range of colors.">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {materials.map((material) => (
            <li key={material.name}>
              <Card className="h-full gap-3">
                <CardHeader className="flex-row items-center justify-between gap-2">
                  <h3 className="font-semibold text-lg">{material.name}</h3>
                  <Badge variant="secondary">{material.colors}</Badge>
                </CardHeader>
                <CardContent>
                  <p className="text-muted-foreground text-sm">{material.text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center">
          <Button asChild variant="outline">
            <Link to="/instant-quote">Have a 3D model? Get an instant print quote</Link>
          </Button>
        </p>
      </TitledSection>

      <TitledSection id="process" title="Our Process" lead="Four simple steps from idea to delivery.">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {processSteps.map((step, index) => (
            <li key={step.title} className="flex flex-col items-center gap-3 text-center">
              <span className="relative flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <step.icon aria-hidden className="size-6" />
                <span className="absolute -top-1 -right-1 flex size-6 items-center justify-center rounded-full border bg-background font-semibold text-foreground text-xs">
                  {index + 1}
                </span>
              </span>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-muted-foreground text-sm">{step.text}</p>
            </li>
          ))}
        </ol>
      </TitledSection>
    </div>
  )
}

/** A section of the page with its centred title and lead, named by its title. */
function TitledSection({
  id,
  title,
  lead,
  children,
}: {
  id: string
  title: string
  lead: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <div className="space-y-2 text-center">
        <h2 id={`${id}-heading`} className="font-bold text-2xl tracking-tight">
          {title}
        </h2>
        <p className="text-muted-foreground">{lead}</p>
      </div>
      {children}
    </section>
  )
}
