CREATE TABLE "print_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"density_g_per_cm3" double precision NOT NULL,
	"price_per_gram_millicents" integer NOT NULL,
	"colours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_materials_name_unique" UNIQUE("name"),
	CONSTRAINT "print_materials_density_range" CHECK ("print_materials"."density_g_per_cm3" > 0 and "print_materials"."density_g_per_cm3" <= 25),
	CONSTRAINT "print_materials_price_range" CHECK ("print_materials"."price_per_gram_millicents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "print_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rate_per_hour_cents" integer DEFAULT 500 NOT NULL,
	"setup_fee_cents" integer DEFAULT 300 NOT NULL,
	"minimum_price_cents" integer DEFAULT 1000 NOT NULL,
	"wall_thickness_mm" double precision DEFAULT 1.2 NOT NULL,
	"flow_mm3_per_second" double precision DEFAULT 10 NOT NULL,
	"layer_seconds" double precision DEFAULT 4 NOT NULL,
	"production_days_min" integer DEFAULT 3 NOT NULL,
	"production_days_max" integer DEFAULT 5 NOT NULL,
	"farm_hours_per_day" integer DEFAULT 160 NOT NULL,
	"batch_discounts" jsonb DEFAULT '[{"quantity":10,"percentOff":10},{"quantity":50,"percentOff":20}]'::jsonb NOT NULL,
	"build_x_mm" integer DEFAULT 256 NOT NULL,
	"build_y_mm" integer DEFAULT 256 NOT NULL,
	"build_z_mm" integer DEFAULT 256 NOT NULL,
	"file_size_limit_mb" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "print_settings_one_row" CHECK ("print_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "print_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "print_materials" ("name", "density_g_per_cm3", "price_per_gram_millicents", "colours", "position") VALUES
	('PLA', 1.24, 6000, '[{"name":"Matte Black","hex":"#2b2f36"},{"name":"Arctic White","hex":"#f8fafc"},{"name":"Recycled Grey","hex":"#9ca3af"},{"name":"Safety Orange","hex":"#f97316"},{"name":"Signal Red","hex":"#dc2626"},{"name":"Ocean Blue","hex":"#2563eb"},{"name":"Forest Green","hex":"#15803d"},{"name":"Sunflower Yellow","hex":"#facc15"}]'::jsonb, 0),
	('ASA', 1.07, 8000, '[{"name":"Matte Black","hex":"#2b2f36"},{"name":"Arctic White","hex":"#f8fafc"},{"name":"Recycled Grey","hex":"#9ca3af"},{"name":"Olive Drab","hex":"#556b2f"},{"name":"Safety Orange","hex":"#f97316"}]'::jsonb, 1),
	('PETG', 1.27, 7000, '[{"name":"Matte Black","hex":"#2b2f36"},{"name":"Arctic White","hex":"#f8fafc"},{"name":"Clear","hex":"#e0f2fe"},{"name":"Ocean Blue","hex":"#2563eb"}]'::jsonb, 2),
	('TPU', 1.21, 10000, '[{"name":"Matte Black","hex":"#2b2f36"},{"name":"Arctic White","hex":"#f8fafc"},{"name":"Safety Orange","hex":"#f97316"}]'::jsonb, 3)
ON CONFLICT ("name") DO NOTHING;
