import { sql } from 'drizzle-orm'
import { boolean, check, index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core'
import { idColumn, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'
import { products } from '../catalog/schema.server.ts'

export const reviews = pgTable(
  'reviews',
  {
    id: idColumn(),
    /** Null for a general shop review written on the reviews page. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    approved: boolean('approved').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('reviews_product_approved_idx').on(t.productId, t.approved),
    index('reviews_created_idx').on(t.createdAt, t.id),
    index('reviews_approved_created_idx').on(t.approved, t.createdAt, t.id),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
)
