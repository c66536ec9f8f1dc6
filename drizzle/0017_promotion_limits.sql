ALTER TABLE "checkouts" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_open_promotion_idx" ON "checkouts" USING btree ("promotion_id") WHERE "checkouts"."status" = 'open' and "checkouts"."promotion_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_promotion_idx" ON "orders" USING btree ("promotion_id","created_at" DESC NULLS LAST) WHERE "orders"."promotion_id" is not null;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_usage_limit_positive" CHECK ("promotions"."usage_limit" is null or "promotions"."usage_limit" >= 1);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_per_customer_limit_positive" CHECK ("promotions"."per_customer_limit" is null or "promotions"."per_customer_limit" >= 1);