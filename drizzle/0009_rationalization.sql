ALTER TABLE "alarm_points" ADD COLUMN "severities" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD COLUMN "verification" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD COLUMN "rationalization_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD COLUMN "justification" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD COLUMN "suggested_priority" text;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD COLUMN "rationalization_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "alarm_points_suggested_tag_idx" ON "alarm_points" USING btree ("suggested_priority","tag","condition") WHERE not "alarm_points"."deleted";--> statement-breakpoint
CREATE INDEX "alarm_points_mismatch_tag_idx" ON "alarm_points" USING btree ("tag","condition") WHERE not "alarm_points"."deleted" and "alarm_points"."suggested_priority" <> "alarm_points"."priority";--> statement-breakpoint
CREATE INDEX "alarm_points_rationalized_tag_idx" ON "alarm_points" USING btree ("rationalization_complete","tag","condition") WHERE not "alarm_points"."deleted";