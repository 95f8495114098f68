CREATE TABLE "pre_advices" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_number" text NOT NULL,
	"expected_from" timestamp with time zone NOT NULL,
	"expected_to" timestamp with time zone NOT NULL,
	"liner_id" integer,
	"process_id" integer,
	"category_id" integer,
	"size_id" integer NOT NULL,
	"type_id" integer,
	"trailer_number" text,
	"source" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "pre_advices_number_format" CHECK ("pre_advices"."container_number" ~ '^[A-Z]{3}[UJZ][0-9]{7}$'),
	CONSTRAINT "pre_advices_window" CHECK ("pre_advices"."expected_to" >= "pre_advices"."expected_from"),
	CONSTRAINT "pre_advices_source" CHECK ("pre_advices"."source" in ('manual', 'upload', 'erp')),
	CONSTRAINT "pre_advices_trailer_number_length" CHECK ("pre_advices"."trailer_number" is null or char_length("pre_advices"."trailer_number") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "pre_advices" ADD CONSTRAINT "pre_advices_liner_id_liner_infos_id_fk" FOREIGN KEY ("liner_id") REFERENCES "public"."liner_infos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_advices" ADD CONSTRAINT "pre_advices_process_id_container_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."container_processes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_advices" ADD CONSTRAINT "pre_advices_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_advices" ADD CONSTRAINT "pre_advices_size_id_container_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."container_sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_advices" ADD CONSTRAINT "pre_advices_type_id_container_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."container_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pre_advices_open_unique" ON "pre_advices" USING btree ("container_number") WHERE "pre_advices"."used_at" is null;--> statement-breakpoint
CREATE INDEX "pre_advices_expected_idx" ON "pre_advices" USING btree ("expected_from");--> statement-breakpoint
-- Handwritten. A pre-advice's number passes the ISO 6346 check digit (the rule of
-- contracts/src/rules/iso6346.ts `checkDigit`): letters valued A=10 upward skipping multiples of 11,
-- each of the first ten characters times 2^position, the sum mod 11 mod 10 is the eleventh.
CREATE OR REPLACE FUNCTION iso6346_check_digit_ok(p_number text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN p_number ~ '^[A-Z]{4}[0-9]{7}$' THEN (
    SELECT sum(
      CASE WHEN i <= 4
        THEN (ARRAY[10,12,13,14,15,16,17,18,19,20,21,23,24,25,26,27,28,29,30,31,32,34,35,36,37,38])[ascii(substr(p_number, i, 1)) - 64]
        ELSE substr(p_number, i, 1)::integer
      END * (1 << (i - 1))
    ) FROM generate_series(1, 10) AS i
  ) % 11 % 10 = substr(p_number, 11, 1)::integer ELSE false END
$$;
--> statement-breakpoint
ALTER TABLE "pre_advices" ADD CONSTRAINT "pre_advices_number_check_digit" CHECK (iso6346_check_digit_ok("container_number"));
