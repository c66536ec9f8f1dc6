CREATE TABLE "quote_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"file_size" integer NOT NULL,
	"triangles" integer NOT NULL,
	"volume_mm3" double precision NOT NULL,
	"area_mm2" double precision NOT NULL,
	"size" jsonb NOT NULL,
	"unit" text NOT NULL,
	"watertight" boolean NOT NULL,
	"user_id" uuid,
	"guest_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_models_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "quote_models_one_owner" CHECK (("quote_models"."user_id" is null) <> ("quote_models"."guest_token_hash" is null)),
	CONSTRAINT "quote_models_format_known" CHECK ("quote_models"."format" in ('stl', '3mf', 'obj'))
);
--> statement-breakpoint
ALTER TABLE "quote_models" ADD CONSTRAINT "quote_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_models_user_idx" ON "quote_models" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_models_guest_idx" ON "quote_models" USING btree ("guest_token_hash","created_at");