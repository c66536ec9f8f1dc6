CREATE TABLE "invoice_revenue_buckets" (
	"bucket_start" timestamp with time zone NOT NULL,
	"test_payment" boolean NOT NULL,
	"net_cents" bigint NOT NULL,
	CONSTRAINT "invoice_revenue_buckets_bucket_start_test_payment_pk" PRIMARY KEY("bucket_start","test_payment")
);
--> statement-breakpoint
CREATE TABLE "paid_order_buckets" (
	"bucket_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_buckets" (
	"bucket_start" timestamp with time zone NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "product_sales_buckets_bucket_start_product_id_pk" PRIMARY KEY("bucket_start","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sales_months" (
	"month_start" timestamp with time zone NOT NULL,
	"product_id" uuid NOT NULL,
	"revenue_bound_cents" bigint NOT NULL,
	CONSTRAINT "product_sales_months_month_start_product_id_pk" PRIMARY KEY("month_start","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_sales_buckets_product_idx" ON "product_sales_buckets" USING btree ("product_id","bucket_start");--> statement-breakpoint
CREATE INDEX "product_sales_months_best_idx" ON "product_sales_months" USING btree ("month_start","revenue_bound_cents");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
DROP INDEX "products_low_stock_idx";--> statement-breakpoint
CREATE INDEX "quotes_requested_expires_idx" ON "quotes" USING btree ("expires_at") WHERE "quotes"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock_quantity","title","id") WHERE "products"."status" <> 'archived' and "products"."stock_quantity" <= "products"."low_stock_threshold";
--> statement-breakpoint
-- Decision 033: the dashboard's rollups are kept by triggers, so no write path (payment, refund,
-- void, delete, seeds, a psql session) can forget them. Buckets are UTC quarter-hours: every time
-- zone's day starts on one, so they add up to any zone's days exactly.
CREATE FUNCTION "quarter_hour_of"("instant" timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT date_bin('15 minutes', "instant", timestamptz '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
CREATE FUNCTION "invoices_keep_revenue_buckets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.payment_date, OLD.test_payment, OLD.total_cents, OLD.refunded_cents)
    IS NOT DISTINCT FROM (NEW.status, NEW.payment_date, NEW.test_payment, NEW.total_cents, NEW.refunded_cents) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'paid' AND OLD.payment_date IS NOT NULL THEN
    INSERT INTO "invoice_revenue_buckets" AS b ("bucket_start", "test_payment", "net_cents")
    VALUES (quarter_hour_of(OLD.payment_date), OLD.test_payment, -(OLD.total_cents - OLD.refunded_cents))
    ON CONFLICT ("bucket_start", "test_payment") DO UPDATE SET "net_cents" = b."net_cents" + excluded."net_cents";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'paid' AND NEW.payment_date IS NOT NULL THEN
    INSERT INTO "invoice_revenue_buckets" AS b ("bucket_start", "test_payment", "net_cents")
    VALUES (quarter_hour_of(NEW.payment_date), NEW.test_payment, NEW.total_cents - NEW.refunded_cents)
    ON CONFLICT ("bucket_start", "test_payment") DO UPDATE SET "net_cents" = b."net_cents" + excluded."net_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_keep_revenue_buckets" AFTER INSERT OR UPDATE OR DELETE ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoices_keep_revenue_buckets"();
--> statement-breakpoint
-- An order counts as paid for real once it has a payment time and is no test payment.
CREATE FUNCTION "orders_keep_paid_buckets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.paid_at, OLD.test_payment) IS NOT DISTINCT FROM (NEW.paid_at, NEW.test_payment) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.paid_at IS NOT NULL AND NOT OLD.test_payment THEN
    UPDATE "paid_order_buckets" SET "orders" = "orders" - 1 WHERE "bucket_start" = quarter_hour_of(OLD.paid_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.paid_at IS NOT NULL AND NOT NEW.test_payment THEN
    INSERT INTO "paid_order_buckets" AS b ("bucket_start", "orders") VALUES (quarter_hour_of(NEW.paid_at), 1)
    ON CONFLICT ("bucket_start") DO UPDATE SET "orders" = b."orders" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_paid_buckets" AFTER INSERT OR UPDATE OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_keep_paid_buckets"();
--> statement-breakpoint
-- Adds (sign 1) or takes back (sign -1) an order's lines from its products' sales.
-- Parameters by position: in an SQL function a column of the same name would win over them.
CREATE FUNCTION "product_sales_add_order"(uuid, timestamptz, integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "product_sales_buckets" AS b ("bucket_start", "product_id", "quantity", "revenue_cents")
  SELECT quarter_hour_of($2), l.product_id, $3 * sum(l.quantity), $3 * sum(l.total_price_cents)
  FROM "order_lines" l WHERE l.order_id = $1 AND l.product_id IS NOT NULL GROUP BY l.product_id
  ON CONFLICT ("bucket_start", "product_id") DO UPDATE
  SET "quantity" = b."quantity" + excluded."quantity", "revenue_cents" = b."revenue_cents" + excluded."revenue_cents"
$$;
--> statement-breakpoint
-- An order's lines count as sales once it is paid for real and not refunded in full. BEFORE DELETE:
-- the lines go with the order (cascade), and their own trigger then no longer finds it.
CREATE FUNCTION "orders_keep_product_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_sale boolean := TG_OP <> 'INSERT' AND OLD.paid_at IS NOT NULL AND NOT OLD.test_payment AND OLD.payment_status <> 'refunded';
  is_sale boolean := TG_OP = 'UPDATE' AND NEW.paid_at IS NOT NULL AND NOT NEW.test_payment AND NEW.payment_status <> 'refunded';
BEGIN
  IF was_sale AND is_sale AND OLD.paid_at = NEW.paid_at THEN
    RETURN NEW;
  END IF;
  IF was_sale THEN
    PERFORM product_sales_add_order(OLD.id, OLD.paid_at, -1);
  END IF;
  IF is_sale THEN
    PERFORM product_sales_add_order(NEW.id, NEW.paid_at, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_product_sales" BEFORE UPDATE OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_keep_product_sales"();
--> statement-breakpoint
CREATE FUNCTION "order_lines_keep_product_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid_time timestamptz;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.order_id, OLD.product_id, OLD.quantity, OLD.total_price_cents)
    IS NOT DISTINCT FROM (NEW.order_id, NEW.product_id, NEW.quantity, NEW.total_price_cents) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.product_id IS NOT NULL THEN
    SELECT o.paid_at INTO paid_time FROM "orders" o
    WHERE o.id = OLD.order_id AND o.paid_at IS NOT NULL AND NOT o.test_payment AND o.payment_status <> 'refunded';
    IF paid_time IS NOT NULL THEN
      UPDATE "product_sales_buckets"
      SET "quantity" = "quantity" - OLD.quantity, "revenue_cents" = "revenue_cents" - OLD.total_price_cents
      WHERE "bucket_start" = quarter_hour_of(paid_time) AND "product_id" = OLD.product_id;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.product_id IS NOT NULL THEN
    SELECT o.paid_at INTO paid_time FROM "orders" o
    WHERE o.id = NEW.order_id AND o.paid_at IS NOT NULL AND NOT o.test_payment AND o.payment_status <> 'refunded';
    IF paid_time IS NOT NULL THEN
      INSERT INTO "product_sales_buckets" AS b ("bucket_start", "product_id", "quantity", "revenue_cents")
      VALUES (quarter_hour_of(paid_time), NEW.product_id, NEW.quantity, NEW.total_price_cents)
      ON CONFLICT ("bucket_start", "product_id") DO UPDATE
      SET "quantity" = b."quantity" + excluded."quantity", "revenue_cents" = b."revenue_cents" + excluded."revenue_cents";
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_keep_product_sales" AFTER INSERT OR UPDATE OR DELETE ON "order_lines"
FOR EACH ROW EXECUTE FUNCTION "order_lines_keep_product_sales"();
--> statement-breakpoint
-- Backfill from the rows already there (the triggers keep them from here on).
INSERT INTO "invoice_revenue_buckets" ("bucket_start", "test_payment", "net_cents")
SELECT quarter_hour_of(payment_date), test_payment, sum(total_cents - refunded_cents)
FROM "invoices" WHERE status = 'paid' AND payment_date IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "paid_order_buckets" ("bucket_start", "orders")
SELECT quarter_hour_of(paid_at), count(*) FROM "orders" WHERE paid_at IS NOT NULL AND NOT test_payment GROUP BY 1;
--> statement-breakpoint
INSERT INTO "product_sales_buckets" ("bucket_start", "product_id", "quantity", "revenue_cents")
SELECT quarter_hour_of(o.paid_at), l.product_id, sum(l.quantity), sum(l.total_price_cents)
FROM "order_lines" l JOIN "orders" o ON o.id = l.order_id
WHERE o.paid_at IS NOT NULL AND NOT o.test_payment AND o.payment_status <> 'refunded' AND l.product_id IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "product_sales_months" ("month_start", "product_id", "revenue_bound_cents")
SELECT date_trunc('month', bucket_start, 'UTC'), product_id, sum(greatest(revenue_cents, 0))
FROM "product_sales_buckets" GROUP BY 1, 2;
--> statement-breakpoint
-- A month's bound counts each quarter-hour's revenue at no less than zero, so it stays at least
-- what the product sold over any part of the month.
CREATE FUNCTION "product_sales_buckets_keep_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.revenue_cents > 0 THEN
    UPDATE "product_sales_months" SET "revenue_bound_cents" = "revenue_bound_cents" - OLD.revenue_cents
    WHERE "month_start" = date_trunc('month', OLD.bucket_start, 'UTC') AND "product_id" = OLD.product_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.revenue_cents > 0 THEN
    INSERT INTO "product_sales_months" AS m ("month_start", "product_id", "revenue_bound_cents")
    VALUES (date_trunc('month', NEW.bucket_start, 'UTC'), NEW.product_id, NEW.revenue_cents)
    ON CONFLICT ("month_start", "product_id") DO UPDATE
    SET "revenue_bound_cents" = m."revenue_bound_cents" + excluded."revenue_bound_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_sales_buckets_keep_months" AFTER INSERT OR UPDATE OR DELETE ON "product_sales_buckets"
FOR EACH ROW EXECUTE FUNCTION "product_sales_buckets_keep_months"();
