ALTER TABLE "quote_models" DROP CONSTRAINT "quote_models_one_owner";--> statement-breakpoint
ALTER TABLE "quote_models" DROP CONSTRAINT "quote_models_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "quote_model_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "print" jsonb;--> statement-breakpoint
ALTER TABLE "quote_models" ADD CONSTRAINT "quote_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quote_model_id_quote_models_id_fk" FOREIGN KEY ("quote_model_id") REFERENCES "public"."quote_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_quote_model_idx" ON "order_lines" USING btree ("quote_model_id") WHERE "order_lines"."quote_model_id" is not null;--> statement-breakpoint
ALTER TABLE "quote_models" ADD CONSTRAINT "quote_models_one_owner" CHECK ("quote_models"."user_id" is null or "quote_models"."guest_token_hash" is null);