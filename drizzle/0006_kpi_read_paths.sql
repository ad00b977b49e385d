CREATE TABLE "alarm_plant_load_10m" (
	"bucket_start" timestamp with time zone NOT NULL,
	"operating_condition" text DEFAULT '' NOT NULL,
	"urgent" integer DEFAULT 0 NOT NULL,
	"high" integer DEFAULT 0 NOT NULL,
	"medium" integer DEFAULT 0 NOT NULL,
	"low" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_plant_load_10m_bucket_start_operating_condition_pk" PRIMARY KEY("bucket_start","operating_condition")
);
--> statement-breakpoint
CREATE INDEX "alarm_episodes_kind_span_idx" ON "alarm_episodes" USING btree ("kind",("end_time" - "start_time"),"start_time");--> statement-breakpoint
CREATE INDEX "alarm_point_days_day_point_idx" ON "alarm_point_days" USING btree ("day_start","point_id","annunciations");--> statement-breakpoint
INSERT INTO "alarm_plant_load_10m" ("bucket_start", "operating_condition", "urgent", "high", "medium", "low")
SELECT "bucket_start", "operating_condition", sum("urgent"), sum("high"), sum("medium"), sum("low")
FROM "alarm_load_10m" GROUP BY 1, 2;
