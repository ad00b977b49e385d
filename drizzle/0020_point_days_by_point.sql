DROP INDEX "alarm_point_days_point_idx";--> statement-breakpoint
CREATE INDEX "alarm_point_days_point_idx" ON "alarm_point_days" USING btree ("point_id","day_start");