-- Decision 032, step 9: a search's count in each back-office filter reads that filter's products alone.
CREATE INDEX "products_hidden_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops) WHERE "products"."status" = 'hidden';--> statement-breakpoint
CREATE INDEX "products_hidden_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops) WHERE "products"."status" = 'hidden';--> statement-breakpoint
CREATE INDEX "products_archived_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops) WHERE "products"."status" = 'archived';--> statement-breakpoint
CREATE INDEX "products_archived_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops) WHERE "products"."status" = 'archived';--> statement-breakpoint
CREATE INDEX "products_low_stock_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops) WHERE "products"."status" <> 'archived' and "products"."stock_quantity" <= "products"."low_stock_threshold";--> statement-breakpoint
CREATE INDEX "products_low_stock_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops) WHERE "products"."status" <> 'archived' and "products"."stock_quantity" <= "products"."low_stock_threshold";