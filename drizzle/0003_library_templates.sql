CREATE TABLE "alarm_point_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"point_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"source" text NOT NULL,
	"change_request_id" integer
);
--> statement-breakpoint
CREATE TABLE "alarm_template_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"condition" text NOT NULL,
	"limit_mode" text DEFAULT 'absolute' NOT NULL,
	"limit_value" double precision,
	"priority" text NOT NULL,
	"deadband" double precision,
	"on_delay_seconds" integer,
	"off_delay_seconds" integer,
	"required" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"equipment_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "alarm_points" ADD COLUMN "range_low" double precision;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD COLUMN "range_high" double precision;--> statement-breakpoint
ALTER TABLE "alarm_point_changes" ADD CONSTRAINT "alarm_point_changes_point_id_alarm_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."alarm_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_template_items" ADD CONSTRAINT "alarm_template_items_template_id_alarm_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."alarm_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_point_changes_point_idx" ON "alarm_point_changes" USING btree ("point_id","changed_at");--> statement-breakpoint
CREATE INDEX "alarm_point_changes_time_idx" ON "alarm_point_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_template_items_condition_idx" ON "alarm_template_items" USING btree ("template_id","condition");