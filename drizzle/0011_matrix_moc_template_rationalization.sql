ALTER TABLE "change_requests" ADD COLUMN "matrix_before" jsonb;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "matrix_proposal" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_template_items" ADD COLUMN "cause" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_template_items" ADD COLUMN "consequence" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_template_items" ADD COLUMN "operator_response" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_template_items" ADD COLUMN "max_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "alarm_template_items" ADD COLUMN "severities" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_template_items" ADD COLUMN "alarm_class" text DEFAULT '' NOT NULL;