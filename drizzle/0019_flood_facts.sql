CREATE TABLE "console_flood_facts" (
	"console_id" integer PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"before" timestamp (3) with time zone NOT NULL,
	"contributors" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_flood_facts" ADD CONSTRAINT "console_flood_facts_console_id_consoles_id_fk" FOREIGN KEY ("console_id") REFERENCES "public"."consoles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A console's settled floods hold only while its 10-minute loads before the cut stay as they were: a statement
-- that writes a bucket before it (an import of older data, a removed batch, a rebuilt range) drops the console's
-- facts, and its next detection reads the console whole.
CREATE FUNCTION "console_flood_facts_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    DELETE FROM console_flood_facts f
    USING (SELECT console_id, min(bucket_start) AS bucket FROM added GROUP BY console_id) w
    WHERE f.console_id = w.console_id AND w.bucket < f.before;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM console_flood_facts f
    USING (SELECT console_id, min(bucket_start) AS bucket
           FROM (SELECT console_id, bucket_start FROM added UNION ALL SELECT console_id, bucket_start FROM removed) c
           GROUP BY console_id) w
    WHERE f.console_id = w.console_id AND w.bucket < f.before;
  ELSE
    DELETE FROM console_flood_facts f
    USING (SELECT console_id, min(bucket_start) AS bucket FROM removed GROUP BY console_id) w
    WHERE f.console_id = w.console_id AND w.bucket < f.before;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "console_flood_facts_insert" AFTER INSERT ON "alarm_load_10m" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "console_flood_facts_drop"();
--> statement-breakpoint
CREATE TRIGGER "console_flood_facts_update" AFTER UPDATE ON "alarm_load_10m" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "console_flood_facts_drop"();
--> statement-breakpoint
CREATE TRIGGER "console_flood_facts_delete" AFTER DELETE ON "alarm_load_10m" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "console_flood_facts_drop"();
