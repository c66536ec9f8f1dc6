import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { categoryListColumns, idColumn, partOf, timeColumn } from '../../utils/table-columns.ts'

export const services = pgTable('services', {
  id: idColumn(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull().default(0),
  priceUnit: text('price_unit').notNull().default('hr'),
  position: integer('position').notNull().default(0),
  createdAt: timeColumn('created_at'),
  updatedAt: timeColumn('updated_at'),
})

export const serviceFeatures = pgTable(
  'service_features',
  {
    id: idColumn(),
    serviceId: partOf('service_id', () => services.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('service_features_service_idx').on(t.serviceId)],
)

/** The about page: one row per section (hero, story, mission). */
export const aboutSections = pgTable('about_sections', {
  section: text('section', { enum: ['hero', 'story', 'mission'] }).primaryKey(),
  title: text('title').notNull().default(''),
  /** The hero's subtitle, or the story's and mission's body text. */
  content: text('content').notNull().default(''),
  /** An image URL or storage key, or a description of the image. */
  image: text('image').notNull().default(''),
  updatedAt: timeColumn('updated_at'),
})

export const newsUpdates = pgTable(
  'news_updates',
  {
    id: idColumn(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    image: text('image'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['visible', 'hidden'] })
      .notNull()
      .default('visible'),
    createdAt: timeColumn('created_at'),
  },
  (t) => [index('news_updates_status_date_idx').on(t.status, t.date)],
)

export const guideCategories = pgTable('guide_categories', categoryListColumns())

export const guides = pgTable(
  'guides',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => guideCategories.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['visible', 'hidden', 'archived'] })
      .notNull()
      .default('visible'),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [
    index('guides_status_idx').on(t.status),
    index('guides_category_idx').on(t.categoryId),
    index('guides_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
)

export const guideSteps = pgTable(
  'guide_steps',
  {
    id: idColumn(),
    guideId: partOf('guide_id', () => guides.id),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    image: text('image'),
    video: text('video'),
  },
  (t) => [index('guide_steps_guide_idx').on(t.guideId, t.position)],
)

export const policies = pgTable('policies', {
  id: idColumn(),
  /** Readable address such as "returns"; /policies/{id} accepts either. */
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  content: text('content').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timeColumn('created_at'),
  updatedAt: timeColumn('updated_at'),
})
