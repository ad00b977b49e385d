DROP INDEX "alarm_episodes_kind_start_idx";--> statement-breakpoint
DROP INDEX "alarm_episodes_kind_span_idx";--> statement-breakpoint
ALTER TABLE "alarm_episodes" ADD COLUMN "ordinal" integer;--> statement-breakpoint
CREATE INDEX "alarm_episodes_kind_span_idx" ON "alarm_episodes" USING btree ("kind",("end_time" - "start_time"),"start_time","end_time","point_id","console_id","unit_id","operating_condition");--> statement-breakpoint
UPDATE "alarm_episodes" e SET "ordinal" = a."ordinal"
FROM (
  SELECT "point_id", "time", (row_number() OVER (PARTITION BY "point_id" ORDER BY "time") - 1)::int AS "ordinal"
  FROM "alarm_events" WHERE "event" = 'ALM' AND "counted"
) a
WHERE e."kind" = 'chatter' AND a."point_id" = e."point_id" AND a."time" = e."start_time";--> statement-breakpoint
UPDATE "alarm_point_states" s SET "state" = s."state" || jsonb_build_object('annunciations', (
  SELECT count(*) FROM "alarm_events" a WHERE a."point_id" = s."point_id" AND a."event" = 'ALM' AND a."counted"));
