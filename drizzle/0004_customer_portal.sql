CREATE TABLE "model_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
DROP INDEX "quote_items_quote_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "model_file_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_files" ADD CONSTRAINT "model_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_files_user_idx" ON "model_files" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_model_file_id_model_files_id_fk" FOREIGN KEY ("model_file_id") REFERENCES "public"."model_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_invoice_idx" ON "documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_invoice_idx" ON "quotes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id","position");