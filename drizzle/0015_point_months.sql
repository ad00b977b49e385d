CREATE TABLE "alarm_point_months" (
	"month_start" timestamp with time zone NOT NULL,
	"point_id" integer NOT NULL,
	"console_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"operating_condition" text DEFAULT '' NOT NULL,
	"annunciations" integer NOT NULL,
	CONSTRAINT "alarm_point_months_month_start_point_id_console_id_unit_id_operating_condition_pk" PRIMARY KEY("month_start","point_id","console_id","unit_id","operating_condition")
);
--> statement-breakpoint
-- The days a statement wrote, as signed counts per (month, point, scope) added to the months: inserted days add,
-- removed days subtract, an update does both. A month whose count falls to zero goes, as a day without
-- annunciations has no row.
CREATE FUNCTION "alarm_point_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alarm_point_months AS m (month_start, point_id, console_id, unit_id, operating_condition, annunciations)
    SELECT date_trunc('month', day_start, 'UTC'), point_id, console_id, unit_id, operating_condition, sum(annunciations)
    FROM added GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (month_start, point_id, console_id, unit_id, operating_condition) DO UPDATE SET
      annunciations = m.annunciations + excluded.annunciations;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alarm_point_months AS m (month_start, point_id, console_id, unit_id, operating_condition, annunciations)
    SELECT date_trunc('month', day_start, 'UTC'), point_id, console_id, unit_id, operating_condition, sum(n)
    FROM (SELECT day_start, point_id, console_id, unit_id, operating_condition, annunciations AS n FROM added
          UNION ALL
          SELECT day_start, point_id, console_id, unit_id, operating_condition, -annunciations FROM removed) changed
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0
    ON CONFLICT (month_start, point_id, console_id, unit_id, operating_condition) DO UPDATE SET
      annunciations = m.annunciations + excluded.annunciations;
  ELSE
    INSERT INTO alarm_point_months AS m (month_start, point_id, console_id, unit_id, operating_condition, annunciations)
    SELECT date_trunc('month', day_start, 'UTC'), point_id, console_id, unit_id, operating_condition, -sum(annunciations)
    FROM removed GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (month_start, point_id, console_id, unit_id, operating_condition) DO UPDATE SET
      annunciations = m.annunciations + excluded.annunciations;
  END IF;
  DELETE FROM alarm_point_months m
  USING (SELECT DISTINCT date_trunc('month', day_start, 'UTC') AS month_start, point_id FROM removed) r
  WHERE m.month_start = r.month_start AND m.point_id = r.point_id AND m.annunciations = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_point_months_insert" AFTER INSERT ON "alarm_point_days" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_point_months_apply"();
--> statement-breakpoint
CREATE TRIGGER "alarm_point_months_update" AFTER UPDATE ON "alarm_point_days" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_point_months_apply"();
--> statement-breakpoint
CREATE TRIGGER "alarm_point_months_delete" AFTER DELETE ON "alarm_point_days" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_point_months_apply"();
--> statement-breakpoint
-- Emptying the days empties their months.
CREATE FUNCTION "alarm_point_months_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE alarm_point_months;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_point_months_truncate" AFTER TRUNCATE ON "alarm_point_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_point_months_clear"();
--> statement-breakpoint
INSERT INTO "alarm_point_months" (month_start, point_id, console_id, unit_id, operating_condition, annunciations)
SELECT date_trunc('month', day_start, 'UTC'), point_id, console_id, unit_id, operating_condition, sum(annunciations)
FROM "alarm_point_days" GROUP BY 1, 2, 3, 4, 5;
