import type { newsUpdates } from './schema.server.ts'

/**
 * An image field of editable content. Admins may store a storage key or an absolute URL (shown
 * as a picture, `source` goes through `imageSrc`), or only a description of the picture
 * (shown as a neutral panel with the text).
 */
export type ContentImage = { kind: 'image'; source: string; alt: string } | { kind: 'description'; text: string }

export type ServiceFeatureDto = { id: string; name: string }

export type ServiceDto = {
  id: string
  title: string
  description: string
  priceCents: number
  /** Shown after the price: 'Starting at $30.00/hr'. */
  priceUnit: string
  features: ServiceFeatureDto[]
}

export type AboutSectionDto = { title: string; content: string; image: ContentImage | null }

export type AboutContentDto = {
  hero: { title: string; subtitle: string; image: ContentImage | null }
  story: AboutSectionDto
  mission: AboutSectionDto
}

export type NewsUpdateDto = {
  id: string
  title: string
  content: string
  image: ContentImage | null
  /** ISO 8601 timestamp; pages format it in UTC so server and browser agree. */
  date: string
}

export type GuideCategoryDto = { id: string; name: string }

export type GuideSummaryDto = {
  id: string
  title: string
  description: string
  categoryId: string | null
  categoryName: string | null
  stepCount: number
}

/** A step's video: an embeddable YouTube player, or a plain link for any other address. */
export type GuideVideo = { kind: 'embed'; src: string } | { kind: 'link'; href: string }

export type GuideStepDto = {
  id: string
  title: string
  content: string
  image: ContentImage | null
  video: GuideVideo | null
}

export type GuideDto = GuideSummaryDto & { steps: GuideStepDto[] }

export type PolicySummaryDto = { id: string; slug: string; title: string; summary: string }

export type PolicyDto = PolicySummaryDto & {
  content: string
  /** ISO 8601 timestamp of the last edit. */
  updatedAt: string
}

export type NewsUpdateStatus = (typeof newsUpdates.$inferSelect)['status']

/** A news update as the back-office lists and edits it: the image as the admin wrote it. */
export type AdminNewsUpdateDto = Pick<typeof newsUpdates.$inferSelect, 'id' | 'title' | 'content' | 'status'> & {
  image: string
  /** ISO 8601 timestamp. */
  date: string
}

/** A policy as the back-office lists and edits it. */
export type AdminPolicyDto = PolicySummaryDto & {
  content: string
  /** ISO 8601 timestamp of the last edit. */
  updatedAt: string
}
