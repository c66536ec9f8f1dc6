import { Award, Crosshair, HeartHandshake, Zap } from 'lucide-react'
import { ContentImage } from '#app/components/content/content-image.tsx'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { Card, CardContent, CardHeader } from '#app/components/ui/card.tsx'
import { retrieveAboutContent } from '#app/modules/content/index.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { cn } from '#app/utils/misc.ts'
import type { Route } from './+types/about.ts'

const values = [
  {
    title: 'Quality First',
    text: 'Every part is checked for accuracy, strength and finish before it leaves our workshop.',
    icon: Award,
  },
  {
    title: 'Fast Turnaround',
    text: 'Quick quotes and efficient production, with most projects completed within 3-5 days.',
    icon: Zap,
  },
  {
    title: 'Customer Focus',
    text: 'We listen first, keep you informed at every step and make sure the result fits your needs.',
    icon: HeartHandshake,
  },
  {
    title: 'Precision Engineering',
    text: 'Careful design, calibrated machines and precise scanning for parts that fit the first time.',
    icon: Crosshair,
  },
]

const aboutImageSizes = '(min-width: 1024px) 40rem, 100vw'

export function meta() {
  return pageMeta({
    title: 'About · LayerWorks 3D',
    description:
      'Meet LayerWorks 3D: our story, our mission and the values behind our 3D design, scanning and printing work.',
  })
}

export async function loader() {
  return { about: await retrieveAboutContent() }
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero, story, mission } = loaderData.about
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-10">
      <section aria-labelledby="about-heading" className="grid items-center gap-8 lg:grid-cols-2">
        <div className="space-y-4">
          <h1 id="about-heading" className="font-bold text-3xl tracking-tight sm:text-4xl">
            {hero.title}
          </h1>
          <p className="text-lg text-muted-foreground">{hero.subtitle}</p>
        </div>
        {hero.image ? <ContentImage image={hero.image} ratio="standard" sizes={aboutImageSizes} priority /> : null}
      </section>

      {[
        { id: 'story', ...story },
        { id: 'mission', ...mission },
      ].map((section, index) => (
        <section
          key={section.id}
          aria-labelledby={`about-${section.id}`}
          className="grid items-center gap-8 lg:grid-cols-2"
        >
          <div className={cn('space-y-4', index % 2 === 1 && 'lg:order-2')}>
            <h2 id={`about-${section.id}`} className="font-bold text-2xl tracking-tight">
              {section.title}
            </h2>
            {section.content.split(/\n\s*\n/).map((paragraph, paragraphIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never reorder
              <p key={paragraphIndex} className="whitespace-pre-line text-muted-foreground leading-relaxed">
                {paragraph}
              </p>
            ))}
          </div>
          {section.image ? <ContentImage image={section.image} ratio="standard" sizes={aboutImageSizes} /> : null}
        </section>
      ))}

      <HeadedSection
        id="values-heading"
        title="Our Values"
        headingClassName="text-center font-bold text-2xl tracking-tight"
        className="space-y-6"
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title}>
              <Card className="h-full gap-3 text-center">
                <CardHeader className="items-center">
                  <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <value.icon aria-hidden className="size-6" />
                  </span>
                  <h3 className="font-semibold text-lg">{value.title}</h3>
                </CardHeader>
                <CardContent>
                  <p className="text-muted-foreground text-sm">{value.text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </HeadedSection>
    </div>
  )
}
