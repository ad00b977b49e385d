CREATE TABLE "approval_business_setting_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_type" text NOT NULL,
	"one_step_per_person" boolean NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_business_settings" (
	"business_type" text PRIMARY KEY NOT NULL,
	"one_step_per_person" boolean DEFAULT true NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "approval_business_setting_changes_type_idx" ON "approval_business_setting_changes" USING btree ("business_type","changed_at");