import { ExternalLink } from 'lucide-react'
import { data } from 'react-router'
import { ContentImage } from '#app/components/content/content-image.tsx'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { NotFoundState } from '#app/components/not-found-state.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { retrieveVisibleGuide } from '#app/modules/content/index.server.ts'
import type { GuideStepDto } from '#app/modules/content/types.ts'
import { BackToList, contentMeta, type MissingContent } from './+shared/content-detail.tsx'
import type { Route } from './+types/guide-detail.ts'

const MISSING_GUIDE: MissingContent = {
  title: 'Guide not found',
  text: 'This guide does not exist or is no longer available.',
  backTo: '/guides',
  backLabel: 'Back to Guides',
}

export function meta({ loaderData }: Route.MetaArgs) {
  return contentMeta(loaderData?.guide, MISSING_GUIDE, (guide) => guide.description)
}

export async function loader({ params }: Route.LoaderArgs) {
  const guide = await retrieveVisibleGuide(params.guideId)
  if (!guide) return data({ guide: null }, { status: 404 })
  return { guide }
}

export default function GuideDetail({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData
  if (!guide) {
    return <NotFoundState {...MISSING_GUIDE} />
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <article className="mx-auto max-w-3xl space-y-10">
        <header className="space-y-4">
          <BackToList to="/guides">All Guides</BackToList>
          {guide.categoryName ? <Badge variant="secondary">{guide.categoryName}</Badge> : null}
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{guide.title}</h1>
          <p className="text-lg text-muted-foreground">{guide.description}</p>
        </header>
        {guide.steps.length === 0 ? (
          <p className="rounded-xl border bg-muted/40 p-8 text-center text-muted-foreground">
            The steps for this guide are coming soon.
          </p>
        ) : (
          <ol className="space-y-10">
            {guide.steps.map((step, index) => (
              <GuideStep key={step.id} step={step} number={index + 1} />
            ))}
          </ol>
        )}
      </article>
    </div>
  )
}

function GuideStep({ step, number }: { step: GuideStepDto; number: number }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
      >
        {number}
      </span>
      <HeadedSection
        id={`step-${step.id}`}
        title={step.title}
        headingClassName="font-semibold text-xl"
        className="min-w-0 flex-1 space-y-4 pt-1"
      >
        {step.content.split(/\n\s*\n/).map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never reorder
          <p key={index} className="whitespace-pre-line text-muted-foreground leading-relaxed">
            {paragraph}
          </p>
        ))}
        {step.image ? <ContentImage image={step.image} sizes="(min-width: 768px) 44rem, 100vw" /> : null}
        {step.video?.kind === 'embed' ? (
          <div className="aspect-video w-full overflow-hidden rounded-xl border bg-muted">
            <iframe
              src={step.video.src}
              title={`Video: ${step.title}`}
              loading="lazy"
              allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
              className="size-full"
            />
          </div>
        ) : null}
        {step.video?.kind === 'link' ? (
          <a
            href={step.video.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary text-sm underline-offset-4 hover:underline"
          >
            Watch the video for this step
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </HeadedSection>
    </li>
  )
}
