DROP INDEX "alarm_points_unit_idx";--> statement-breakpoint
DROP INDEX "alarm_points_console_idx";--> statement-breakpoint
CREATE INDEX "abnormal_alarms_open_kind_idx" ON "abnormal_alarms" USING btree ("kind","point_id") WHERE "abnormal_alarms"."status" = '未处置';--> statement-breakpoint
CREATE INDEX "alarm_points_unit_tag_idx" ON "alarm_points" USING btree ("unit_id","tag","condition");--> statement-breakpoint
CREATE INDEX "alarm_points_console_tag_idx" ON "alarm_points" USING btree ("console_id","tag","condition");--> statement-breakpoint
CREATE INDEX "alarm_points_tag_prefix_idx" ON "alarm_points" USING btree ("tag" text_pattern_ops) WHERE not "alarm_points"."deleted";--> statement-breakpoint
CREATE INDEX "alarm_points_condition_status_idx" ON "alarm_points" USING btree ("condition","rationalization_status","tag") WHERE not "alarm_points"."deleted";--> statement-breakpoint
CREATE INDEX "alarm_points_priority_tag_idx" ON "alarm_points" USING btree ("priority","tag","condition") WHERE not "alarm_points"."deleted";--> statement-breakpoint
CREATE INDEX "alarm_points_priority_rank_idx" ON "alarm_points" USING btree (array_position(array['urgent','high','medium','low']::text[], "priority"),"tag","condition") WHERE not "alarm_points"."deleted";