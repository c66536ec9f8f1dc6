CREATE TABLE "invoice_status_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"invoices" bigint NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_unpaid_total_idx";
--> statement-breakpoint
-- Decision 033, step 2: each status's count and total, kept by the database as the other rollups
-- are. Statement triggers with transition tables: a bulk change of a thousand invoices is one
-- upsert per status it touches, and the statuses are upserted in their order, so two writers
-- lock the rows in the same order. An update that changes neither status nor total touches none.
CREATE FUNCTION "invoices_keep_status_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_status_totals" AS t ("status", "invoices", "total_cents")
    SELECT "status", count(*), sum("total_cents") FROM new_rows GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE
    SET "invoices" = t."invoices" + excluded."invoices", "total_cents" = t."total_cents" + excluded."total_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_status_totals" AS t ("status", "invoices", "total_cents")
    SELECT "status", -count(*), -sum("total_cents") FROM old_rows GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE
    SET "invoices" = t."invoices" + excluded."invoices", "total_cents" = t."total_cents" + excluded."total_cents";
  ELSE
    INSERT INTO "invoice_status_totals" AS t ("status", "invoices", "total_cents")
    SELECT "status", sum("invoices"), sum("total_cents") FROM (
      SELECT n."status", 1 AS "invoices", n."total_cents"::bigint AS "total_cents"
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (o."status", o."total_cents") IS DISTINCT FROM (n."status", n."total_cents")
      UNION ALL
      SELECT o."status", -1, -o."total_cents"::bigint
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (o."status", o."total_cents") IS DISTINCT FROM (n."status", n."total_cents")
    ) AS changes GROUP BY "status" HAVING sum("invoices") <> 0 OR sum("total_cents") <> 0 ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE
    SET "invoices" = t."invoices" + excluded."invoices", "total_cents" = t."total_cents" + excluded."total_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_keep_status_totals_insert" AFTER INSERT ON "invoices"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_keep_status_totals"();
--> statement-breakpoint
CREATE TRIGGER "invoices_keep_status_totals_update" AFTER UPDATE ON "invoices"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_keep_status_totals"();
--> statement-breakpoint
CREATE TRIGGER "invoices_keep_status_totals_delete" AFTER DELETE ON "invoices"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_keep_status_totals"();
--> statement-breakpoint
-- Backfill from the invoices already there (the triggers keep it from here on).
INSERT INTO "invoice_status_totals" ("status", "invoices", "total_cents")
SELECT "status", count(*), sum("total_cents") FROM "invoices" GROUP BY "status";
