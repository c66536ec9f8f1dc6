import { ArrowLeft } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'

/** What the page of a guide or a policy says when it is missing, and the way back to the list. */
export type MissingContent = { title: string; text: string; backTo: string; backLabel: string }

/**
 * The meta of a guide's or a policy's page: its title and summary, or what the missing page says.
 * @example export const meta = ({ loaderData }) => contentMeta(loaderData?.guide, MISSING_GUIDE, (guide) => guide.description)
 */
export function contentMeta<Content extends { title: string }>(
  content: Content | null | undefined,
  missing: MissingContent,
  summaryOf: (content: Content) => string | null,
) {
  return pageMeta({
    title: `${content ? content.title : missing.title} · LayerWorks 3D`,
    description: (content && summaryOf(content)) || missing.text,
  })
}

/** The link back to the list, above the page's title. */
export function BackToList({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {children}
      </Link>
    </Button>
  )
}
