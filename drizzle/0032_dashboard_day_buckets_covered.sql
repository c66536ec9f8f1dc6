-- Decision 033, step 3: the dashboard's revenue and orders per day read the quarter-hour buckets
-- from these indexes alone; the buckets of 60 days lay on as many table pages as rows.
CREATE INDEX "invoice_revenue_buckets_days_idx" ON "invoice_revenue_buckets" USING btree ("bucket_start","test_payment","net_cents");--> statement-breakpoint
CREATE INDEX "paid_order_buckets_days_idx" ON "paid_order_buckets" USING btree ("bucket_start","orders");
