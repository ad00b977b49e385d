CREATE TABLE "point_detection_facts" (
	"point_id" integer PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"chatter_before" timestamp (3) with time zone,
	"chatter_first" timestamp (3) with time zone,
	"chatter_last" timestamp (3) with time zone,
	"chatter_count" integer NOT NULL,
	"chatter_mark" integer,
	"fleeting_before" timestamp (3) with time zone,
	"fleeting_first" timestamp (3) with time zone,
	"fleeting_last" timestamp (3) with time zone,
	"fleeting_count" integer NOT NULL,
	"standing_before" timestamp (3) with time zone,
	"standing_first" timestamp (3) with time zone,
	"standing_last" timestamp (3) with time zone,
	"standing_count" integer NOT NULL,
	"standing_mark" timestamp (3) with time zone,
	"frequent_before" timestamp (3) with time zone,
	"frequent_first" timestamp (3) with time zone,
	"frequent_last" timestamp (3) with time zone,
	"frequent_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_detection_facts" ADD CONSTRAINT "point_detection_facts_point_id_alarm_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."alarm_points"("id") ON DELETE cascade ON UPDATE no action;