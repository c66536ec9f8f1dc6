DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "activity_log_created_at_idx";--> statement-breakpoint
DROP INDEX "activity_log_record_idx";--> statement-breakpoint
DROP INDEX "activity_log_actor_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_messages_status_idx";--> statement-breakpoint
DROP INDEX "contact_messages_email_idx";--> statement-breakpoint
DROP INDEX "contact_messages_user_idx";--> statement-breakpoint
DROP INDEX "news_updates_status_date_idx";--> statement-breakpoint
DROP INDEX "documents_user_created_idx";--> statement-breakpoint
DROP INDEX "model_files_user_idx";--> statement-breakpoint
DROP INDEX "invoice_payments_unresolved_idx";--> statement-breakpoint
DROP INDEX "invoices_user_created_idx";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_test_payment_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_failed_idx";--> statement-breakpoint
DROP INDEX "checkouts_client_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_promotion_idx";--> statement-breakpoint
DROP INDEX "orders_test_payment_idx";--> statement-breakpoint
DROP INDEX "promotions_created_at_idx";--> statement-breakpoint
DROP INDEX "quotes_user_created_idx";--> statement-breakpoint
DROP INDEX "quotes_status_created_idx";--> statement-breakpoint
DROP INDEX "reviews_approved_created_idx";--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_unpaid_total_idx" ON "invoices" USING btree ("total_cents") WHERE "invoices"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "invoices_email_trgm_idx" ON "invoices" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_to_fulfil_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('pending', 'processing') and "orders"."payment_status" in ('paid', 'partially_refunded');--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_created_at_idx" ON "activity_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_record_idx" ON "activity_log" USING btree ("record_type","record_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree (lower("email"),"created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "news_updates_status_date_idx" ON "news_updates" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "documents_user_created_idx" ON "documents" USING btree ("user_id","bucket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "model_files_user_idx" ON "model_files" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_payments_unresolved_idx" ON "invoice_payments" USING btree ("received_at") WHERE "invoice_payments"."outcome" <> 'applied' and "invoice_payments"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_user_created_idx" ON "invoices" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_test_payment_idx" ON "invoices" USING btree ("created_at","id") WHERE "invoices"."test_payment";--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_failed_idx" ON "mail_outbox" USING btree ("created_at","id") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."error" is not null;--> statement-breakpoint
CREATE INDEX "checkouts_client_created_idx" ON "checkouts" USING btree ("client_address","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_promotion_idx" ON "orders" USING btree ("promotion_id","created_at","id") WHERE "orders"."promotion_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_test_payment_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."test_payment";--> statement-breakpoint
CREATE INDEX "promotions_created_at_idx" ON "promotions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_approved_created_idx" ON "reviews" USING btree ("approved","created_at","id");