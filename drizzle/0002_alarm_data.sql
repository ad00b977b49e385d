CREATE TABLE "alarm_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"condition" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_id" integer,
	"equipment_id" integer,
	"console_id" integer,
	"system_type" text DEFAULT '' NOT NULL,
	"limit_value" double precision,
	"engineering_unit" text DEFAULT '' NOT NULL,
	"deadband" double precision,
	"on_delay_seconds" integer,
	"off_delay_seconds" integer,
	"priority" text DEFAULT 'low' NOT NULL,
	"alarm_class" text DEFAULT '' NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"consequence" text DEFAULT '' NOT NULL,
	"operator_response" text DEFAULT '' NOT NULL,
	"max_response_minutes" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"rationalization_status" text DEFAULT '待确认' NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consoles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consoles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"equipment_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "alarm_episodes" (
	"point_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone,
	"activated_at" timestamp (3) with time zone,
	"console_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"operating_condition" text DEFAULT '' NOT NULL,
	CONSTRAINT "alarm_episodes_point_id_kind_start_time_pk" PRIMARY KEY("point_id","kind","start_time")
);
--> statement-breakpoint
CREATE TABLE "alarm_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"point_id" integer NOT NULL,
	"event" text NOT NULL,
	"priority" text NOT NULL,
	"console_id" integer NOT NULL,
	"unit_id" integer,
	"operating_condition" text,
	"value_number" double precision,
	"value_text" text,
	"description" text,
	"source" text NOT NULL,
	"batch_id" integer,
	"counted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_load_10m" (
	"bucket_start" timestamp with time zone NOT NULL,
	"console_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"operating_condition" text DEFAULT '' NOT NULL,
	"urgent" integer DEFAULT 0 NOT NULL,
	"high" integer DEFAULT 0 NOT NULL,
	"medium" integer DEFAULT 0 NOT NULL,
	"low" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_load_10m_bucket_start_console_id_unit_id_operating_condition_pk" PRIMARY KEY("bucket_start","console_id","unit_id","operating_condition")
);
--> statement-breakpoint
CREATE TABLE "alarm_point_days" (
	"day_start" timestamp with time zone NOT NULL,
	"point_id" integer NOT NULL,
	"console_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"operating_condition" text DEFAULT '' NOT NULL,
	"annunciations" integer NOT NULL,
	CONSTRAINT "alarm_point_days_day_start_point_id_console_id_unit_id_operating_condition_pk" PRIMARY KEY("day_start","point_id","console_id","unit_id","operating_condition")
);
--> statement-breakpoint
CREATE TABLE "alarm_point_states" (
	"point_id" integer PRIMARY KEY NOT NULL,
	"last_time" timestamp (3) with time zone NOT NULL,
	"state" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"parameters" jsonb,
	"event_count" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"first_time" timestamp with time zone,
	"last_time" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abnormal_alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"point_id" integer NOT NULL,
	"kind" text NOT NULL,
	"first_seen" timestamp (3) with time zone NOT NULL,
	"last_seen" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL,
	"status" text DEFAULT '未处置' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_points" ADD CONSTRAINT "alarm_points_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD CONSTRAINT "alarm_points_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_points" ADD CONSTRAINT "alarm_points_console_id_consoles_id_fk" FOREIGN KEY ("console_id") REFERENCES "public"."consoles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD CONSTRAINT "abnormal_alarms_point_id_alarm_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."alarm_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_points_tag_condition_idx" ON "alarm_points" USING btree ("tag","condition");--> statement-breakpoint
CREATE INDEX "alarm_points_unit_idx" ON "alarm_points" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "alarm_points_console_idx" ON "alarm_points" USING btree ("console_id");--> statement-breakpoint
CREATE INDEX "alarm_points_equipment_idx" ON "alarm_points" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "alarm_points_active_idx" ON "alarm_points" USING btree ("id") WHERE not "alarm_points"."deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_unit_name_idx" ON "equipment" USING btree ("unit_id","name");--> statement-breakpoint
CREATE INDEX "alarm_episodes_kind_start_idx" ON "alarm_episodes" USING btree ("kind","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_events_point_time_event_idx" ON "alarm_events" USING btree ("point_id","time","event");--> statement-breakpoint
CREATE INDEX "alarm_events_counted_time_idx" ON "alarm_events" USING btree ("time") WHERE "alarm_events"."counted";--> statement-breakpoint
CREATE INDEX "alarm_events_batch_idx" ON "alarm_events" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "alarm_point_days_point_idx" ON "alarm_point_days" USING btree ("point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_alarms_open_idx" ON "abnormal_alarms" USING btree ("point_id","kind") WHERE "abnormal_alarms"."status" = '未处置';--> statement-breakpoint
CREATE INDEX "abnormal_alarms_point_idx" ON "abnormal_alarms" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "abnormal_alarms_last_seen_idx" ON "abnormal_alarms" USING btree ("last_seen");