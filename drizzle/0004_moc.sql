CREATE TABLE "approval_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"step" integer NOT NULL,
	"user_id" integer NOT NULL,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"matched" jsonb NOT NULL,
	"decided_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_flow_step_approvers" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"role_id" integer,
	CONSTRAINT "approval_flow_step_approvers_kind_check" CHECK (("approval_flow_step_approvers"."kind" = 'user' and "approval_flow_step_approvers"."user_id" is not null and "approval_flow_step_approvers"."role_id" is null)
          or ("approval_flow_step_approvers"."kind" = 'role' and "approval_flow_step_approvers"."role_id" is not null and "approval_flow_step_approvers"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "approval_flow_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"business_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flows_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "approval_instance_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"approvers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_request_id" integer NOT NULL,
	"flow_id" integer,
	"flow_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"current_step" integer,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	CONSTRAINT "approval_instances_change_request_id_unique" UNIQUE("change_request_id")
);
--> statement-breakpoint
CREATE TABLE "change_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_request_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"point_version" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_request_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_request_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"reason" text NOT NULL,
	"risk_level" text NOT NULL,
	"business_type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"initiator_id" integer NOT NULL,
	"unit_id" integer,
	"condition_id" integer,
	"condition_version" integer,
	"condition_proposal" jsonb,
	"template_id" integer,
	"equipment_id" integer,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_condition_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"enabled" boolean,
	"limit_value" double precision,
	"priority" text,
	"deadband" double precision,
	"on_delay_seconds" integer,
	"off_delay_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "operating_condition_switches" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"condition_id" integer NOT NULL,
	"switched_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"switched_by" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_instance_id_approval_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."approval_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_step_approvers" ADD CONSTRAINT "approval_flow_step_approvers_step_id_approval_flow_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."approval_flow_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_step_approvers" ADD CONSTRAINT "approval_flow_step_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_step_approvers" ADD CONSTRAINT "approval_flow_step_approvers_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_steps" ADD CONSTRAINT "approval_flow_steps_flow_id_approval_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."approval_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_instance_steps" ADD CONSTRAINT "approval_instance_steps_instance_id_approval_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."approval_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_flow_id_approval_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."approval_flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_point_id_alarm_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."alarm_points"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_transitions" ADD CONSTRAINT "change_request_transitions_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_transitions" ADD CONSTRAINT "change_request_transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_condition_id_operating_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."operating_conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_template_id_alarm_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."alarm_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_condition_overrides" ADD CONSTRAINT "operating_condition_overrides_condition_id_operating_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."operating_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_condition_overrides" ADD CONSTRAINT "operating_condition_overrides_point_id_alarm_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."alarm_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_condition_switches" ADD CONSTRAINT "operating_condition_switches_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_condition_switches" ADD CONSTRAINT "operating_condition_switches_condition_id_operating_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."operating_conditions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_conditions" ADD CONSTRAINT "operating_conditions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_decisions_once_idx" ON "approval_decisions" USING btree ("instance_id","step","user_id");--> statement-breakpoint
CREATE INDEX "approval_flow_step_approvers_step_idx" ON "approval_flow_step_approvers" USING btree ("step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flow_steps_position_idx" ON "approval_flow_steps" USING btree ("flow_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flows_active_type_idx" ON "approval_flows" USING btree ("business_type") WHERE "approval_flows"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "approval_instance_steps_position_idx" ON "approval_instance_steps" USING btree ("instance_id","position");--> statement-breakpoint
CREATE INDEX "approval_instances_flow_idx" ON "approval_instances" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "approval_instances_status_idx" ON "approval_instances" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "change_request_items_point_field_idx" ON "change_request_items" USING btree ("change_request_id","point_id","field");--> statement-breakpoint
CREATE INDEX "change_request_items_point_idx" ON "change_request_items" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "change_request_transitions_request_idx" ON "change_request_transitions" USING btree ("change_request_id","at");--> statement-breakpoint
CREATE INDEX "change_requests_status_idx" ON "change_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "change_requests_initiator_idx" ON "change_requests" USING btree ("initiator_id");--> statement-breakpoint
CREATE INDEX "change_requests_applied_idx" ON "change_requests" USING btree ("applied_at");--> statement-breakpoint
CREATE INDEX "change_requests_template_idx" ON "change_requests" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "change_requests_condition_idx" ON "change_requests" USING btree ("condition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operating_condition_overrides_point_idx" ON "operating_condition_overrides" USING btree ("condition_id","point_id");--> statement-breakpoint
CREATE INDEX "operating_condition_overrides_point_id_idx" ON "operating_condition_overrides" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "operating_condition_switches_unit_time_idx" ON "operating_condition_switches" USING btree ("unit_id","switched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operating_conditions_unit_name_idx" ON "operating_conditions" USING btree ("unit_id","name") WHERE not "operating_conditions"."deleted";