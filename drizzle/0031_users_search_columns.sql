-- Decision 032, step 7: the accounts' searches read the lowercased name and e-mail with LIKE (ILIKE
-- lowercased both columns of every row a search read), and walk the newest-first index without
-- reading the table.
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_email" text GENERATED ALWAYS AS (lower("email")) STORED;--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_email_trgm_idx" ON "users" USING gin ("search_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id","search_name","search_email");
--> statement-breakpoint
-- The planner's estimates for the new columns, before the first search.
ANALYZE "users";
