CREATE TABLE "invoice_payment_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_version" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payment_sessions_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"payment_reference" text,
	"amount_cents" integer NOT NULL,
	"test_payment" boolean DEFAULT false NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "test_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "holder_key" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "test_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payment_sessions" ADD CONSTRAINT "invoice_payment_sessions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_sessions" ADD CONSTRAINT "invoice_payment_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payment_sessions_invoice_idx" ON "invoice_payment_sessions" USING btree ("invoice_id") WHERE "invoice_payment_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_unresolved_idx" ON "invoice_payments" USING btree ("received_at" DESC NULLS LAST) WHERE "invoice_payments"."outcome" <> 'applied' and "invoice_payments"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_test_payment_idx" ON "invoices" USING btree ("created_at" DESC NULLS LAST) WHERE "invoices"."test_payment";--> statement-breakpoint
CREATE INDEX "checkouts_holder_open_idx" ON "checkouts" USING btree ("holder_key") WHERE "checkouts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkouts_client_created_idx" ON "checkouts" USING btree ("client_address","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_test_payment_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST) WHERE "orders"."test_payment";