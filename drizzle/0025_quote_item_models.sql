ALTER TABLE "quote_items" ADD COLUMN "quote_model_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "print" jsonb;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_model_id_quote_models_id_fk" FOREIGN KEY ("quote_model_id") REFERENCES "public"."quote_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_items_model_idx" ON "quote_items" USING btree ("quote_model_id");