CREATE TABLE "journal_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_period_figures" (
	"scope" text NOT NULL,
	"basis" text NOT NULL,
	"period_from" timestamp (3) with time zone NOT NULL,
	"period_to" timestamp (3) with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "kpi_period_figures_scope_basis_period_from_period_to_pk" PRIMARY KEY("scope","basis","period_from","period_to")
);
--> statement-breakpoint
CREATE INDEX "kpi_period_figures_to_idx" ON "kpi_period_figures" USING btree ("period_to");
--> statement-breakpoint
-- A journal stored before this migration counts as written once, so that its periods are kept from the first view;
-- an empty database gets the row from its first writer (and stays empty for a move into it).
INSERT INTO "journal_revision" (id, revision) SELECT 1, 1 WHERE EXISTS (SELECT 1 FROM "alarm_events");
