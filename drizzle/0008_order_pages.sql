CREATE SEQUENCE "public"."orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipping_category_id" uuid NOT NULL,
	"zone_id" uuid,
	"price_cents" integer NOT NULL,
	CONSTRAINT "shipping_rates_category_zone_unique" UNIQUE NULLS NOT DISTINCT("shipping_category_id","zone_id"),
	CONSTRAINT "shipping_rates_price_range" CHECK ("shipping_rates"."price_cents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"paid_order_status" text DEFAULT 'processing' NOT NULL,
	"default_shipping_cents" integer DEFAULT 500 NOT NULL,
	"shipping_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_default_shipping_range" CHECK ("shop_settings"."default_shipping_cents" between 0 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "shipping_address" SET DEFAULT '{"name":"","street":"","line2":"","city":"","state":"","zip":"","country":"","phone":""}'::jsonb;--> statement-breakpoint
-- Existing orders are numbered in the order they were placed, from #1001.
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "orders" SET "number" = numbered.n FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") AS numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('orders_number_seq', GREATEST(1001, (SELECT COALESCE(MAX("number"), 0) + 1 FROM "orders")), false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "orders_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "internal_note" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_shipping_category_id_shipping_categories_id_fk" FOREIGN KEY ("shipping_category_id") REFERENCES "public"."shipping_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_range" CHECK ("orders"."refunded_cents" between 0 and "orders"."total_cents");;--> statement-breakpoint
-- Stored addresses gain the new fields, empty, so every address has the same shape.
UPDATE "users" SET "shipping_address" = '{"name":"","street":"","line2":"","city":"","state":"","zip":"","country":"","phone":""}'::jsonb || "shipping_address";--> statement-breakpoint
UPDATE "orders" SET "shipping_address" = '{"name":"","street":"","line2":"","city":"","state":"","zip":"","country":"","phone":""}'::jsonb || "shipping_address" WHERE "shipping_address" IS NOT NULL;--> statement-breakpoint
UPDATE "checkouts" SET "shipping_address" = '{"name":"","street":"","line2":"","city":"","state":"","zip":"","country":"","phone":""}'::jsonb || "shipping_address" WHERE "shipping_address" IS NOT NULL;--> statement-breakpoint
-- Payment status from the order's invoice; a paid order waiting for the shop is processing, not pending.
UPDATE "orders" SET
  "payment_status" = CASE WHEN "orders"."test_payment" THEN 'test' ELSE 'paid' END,
  "paid_at" = COALESCE("invoices"."payment_date", "orders"."created_at"),
  "payment_reference" = "invoices"."payment_reference",
  "payment_provider" = CASE WHEN "orders"."payment_session_id" IS NULL THEN NULL WHEN "orders"."test_payment" THEN 'demo' ELSE 'stripe' END,
  "status" = CASE WHEN "orders"."status" = 'pending' THEN 'processing' ELSE "orders"."status" END
FROM "invoices" WHERE "invoices"."order_id" = "orders"."id" AND "invoices"."status" = 'paid';--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'test' WHERE "test_payment" AND "payment_status" = 'unpaid' AND "payment_session_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "actor_label", "message", "created_at")
  SELECT "id", 'placed', 'Customer', 'Order placed', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "shop_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
