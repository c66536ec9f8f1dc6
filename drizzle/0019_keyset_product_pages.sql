CREATE INDEX "products_visible_newest_idx" ON "products" USING btree (("stock_quantity" > 0),"created_at","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_category_newest_idx" ON "products" USING btree ("category_id",("stock_quantity" > 0),"created_at","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_price_asc_idx" ON "products" USING btree (("stock_quantity" <= 0),"price_cents","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_category_price_asc_idx" ON "products" USING btree ("category_id",("stock_quantity" <= 0),"price_cents","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_price_desc_idx" ON "products" USING btree (("stock_quantity" > 0),"price_cents","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_category_price_desc_idx" ON "products" USING btree ("category_id",("stock_quantity" > 0),"price_cents","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_rating_idx" ON "products" USING btree (("stock_quantity" > 0),"rating","review_count","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_category_rating_idx" ON "products" USING btree ("category_id",("stock_quantity" > 0),"rating","review_count","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_title_idx" ON "products" USING btree ("title","id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_id_idx" ON "products" USING btree ("id") WHERE "products"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "products_visible_updated_at_idx" ON "products" USING btree ("updated_at") WHERE "products"."status" = 'visible';