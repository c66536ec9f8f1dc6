CREATE TABLE "demo_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_kind" text NOT NULL,
	"reference_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"discount_code" text,
	"discount_cents" integer,
	"shipping_cents" integer NOT NULL,
	"amount_total_cents" integer NOT NULL,
	"customer_email" text,
	"collect_shipping_address" boolean NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"shipping_address" jsonb,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "demo_checkout_sessions_open_expires_idx" ON "demo_checkout_sessions" USING btree ("expires_at") WHERE "demo_checkout_sessions"."status" = 'open';