CREATE TABLE "opcua_buffer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"source" text NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opcua_condition_states" (
	"source_id" integer NOT NULL,
	"condition_id" text NOT NULL,
	"state" jsonb NOT NULL,
	CONSTRAINT "opcua_condition_states_source_id_condition_id_pk" PRIMARY KEY("source_id","condition_id")
);
--> statement-breakpoint
CREATE TABLE "collection_source_health" (
	"source_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"last_error" text,
	"node" text DEFAULT '' NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "opcua_buffer_source_idx" ON "opcua_buffer" USING btree ("source_id","id");