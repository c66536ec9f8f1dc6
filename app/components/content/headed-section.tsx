import type * as React from 'react'

/**
 * A section named by its heading: the heading's id is the section's `aria-labelledby`, so a screen
 * reader lists the section by its title.
 * @example <HeadedSection id="reviews-title" title="Customer Reviews" headingClassName="font-bold text-2xl">…</HeadedSection>
 */
export function HeadedSection({
  id,
  title,
  level = 2,
  className,
  headingClassName,
  children,
}: {
  id: string
  title: React.ReactNode
  level?: 2 | 3
  className?: string
  headingClassName: string
  children: React.ReactNode
}) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  )
}
