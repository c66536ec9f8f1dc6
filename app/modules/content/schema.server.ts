import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { categoryListColumns } from '../../utils/table-columns.ts'

export const services = pgTable('services', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull().default(0),
  priceUnit: text('price_unit').notNull().default('hr'),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const serviceFeatures = pgTable(
  'service_features',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const newsUpdates = pgTable(
  'news_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    image: text('image'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['visible', 'hidden'] })
      .notNull()
      .default('visible'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_updates_status_date_idx').on(t.status, t.date.desc())],
)

export const guideCategories = pgTable('guide_categories', categoryListColumns())

export const guides = pgTable(
  'guides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => guideCategories.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['visible', 'hidden', 'archived'] })
      .notNull()
      .default('visible'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    image: text('image'),
    video: text('video'),
  },
  (t) => [index('guide_steps_guide_idx').on(t.guideId, t.position)],
)

export const policies = pgTable('policies', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Readable address such as "returns"; /policies/{id} accepts either. */
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  content: text('content').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
