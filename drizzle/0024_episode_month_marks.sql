CREATE TABLE "alarm_episode_month_marks" (
	"month_start" timestamp with time zone NOT NULL,
	"point_id" integer NOT NULL,
	"console_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"operating_condition" text DEFAULT '' NOT NULL,
	"shortest_chatter" interval,
	"shortest_fleeting" interval,
	CONSTRAINT "alarm_episode_month_marks_month_start_point_id_console_id_unit_id_operating_condition_pk" PRIMARY KEY("month_start","point_id","console_id","unit_id","operating_condition")
);
--> statement-breakpoint
DROP INDEX "alarm_episode_marks_chatter_idx";--> statement-breakpoint
DROP INDEX "alarm_episode_marks_fleeting_idx";--> statement-breakpoint
CREATE INDEX "alarm_episode_month_marks_chatter_idx" ON "alarm_episode_month_marks" USING btree ("month_start","shortest_chatter","point_id","console_id","unit_id","operating_condition") WHERE shortest_chatter is not null;--> statement-breakpoint
CREATE INDEX "alarm_episode_month_marks_fleeting_idx" ON "alarm_episode_month_marks" USING btree ("month_start","shortest_fleeting","point_id","console_id","unit_id","operating_condition");--> statement-breakpoint
CREATE INDEX "alarm_episode_marks_chatter_idx" ON "alarm_episode_marks" USING btree ("day_start","shortest_chatter","point_id","console_id","unit_id","operating_condition") WHERE shortest_chatter is not null;--> statement-breakpoint
CREATE INDEX "alarm_episode_marks_fleeting_idx" ON "alarm_episode_marks" USING btree ("day_start","shortest_fleeting","point_id","console_id","unit_id","operating_condition");--> statement-breakpoint
-- Days marked or updated (`added`): each month keeps the least of its days' spans. Exact for days added and for
-- days whose shortest only fell (the day marks' own upsert, nearly every update); the renewal below reads again the
-- months where that is not enough.
CREATE FUNCTION "alarm_episode_month_marks_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_episode_month_marks AS m (month_start, point_id, console_id, unit_id, operating_condition, shortest_chatter, shortest_fleeting)
  SELECT date_trunc('month', day_start, 'UTC'), point_id, console_id, unit_id, operating_condition,
    min(shortest_chatter), min(shortest_fleeting)
  FROM added GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (month_start, point_id, console_id, unit_id, operating_condition) DO UPDATE SET
    shortest_chatter = least(m.shortest_chatter, excluded.shortest_chatter),
    shortest_fleeting = least(m.shortest_fleeting, excluded.shortest_fleeting)
  WHERE (m.shortest_chatter, m.shortest_fleeting) IS DISTINCT FROM
    (least(m.shortest_chatter, excluded.shortest_chatter), least(m.shortest_fleeting, excluded.shortest_fleeting));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The day marks likewise: a mark is rewritten only when a span is shorter. Each few thousand episodes an import
-- writes upsert their days' marks, and an upsert that changes nothing left a dead row behind all the same (and
-- woke the month marks' triggers for it).
CREATE OR REPLACE FUNCTION "alarm_episode_marks_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_episode_marks AS m (day_start, point_id, console_id, unit_id, operating_condition, shortest_chatter, shortest_fleeting)
  SELECT date_bin('1 day', start_time, timestamptz '1970-01-01 00:00:00+00'), point_id, console_id, unit_id, operating_condition,
    min(end_time - start_time) FILTER (WHERE kind = 'chatter'), min(end_time - start_time) FILTER (WHERE kind = 'fleeting')
  FROM added WHERE kind IN ('chatter', 'fleeting') AND end_time IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (day_start, point_id, console_id, unit_id, operating_condition) DO UPDATE SET
    shortest_chatter = least(m.shortest_chatter, excluded.shortest_chatter),
    shortest_fleeting = least(m.shortest_fleeting, excluded.shortest_fleeting)
  WHERE (m.shortest_chatter, m.shortest_fleeting) IS DISTINCT FROM
    (least(m.shortest_chatter, excluded.shortest_chatter), least(m.shortest_fleeting, excluded.shortest_fleeting));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A day mark removed, moved to another scope or whose shortest rose may have been its month's least: the (point,
-- month) pairs of those are read again from the day marks, in one pass over the months they span.
CREATE FUNCTION "alarm_episode_month_marks_renew"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  points int[];
  months timestamptz[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(point_id), array_agg(month_start) INTO points, months FROM (
      SELECT DISTINCT r.point_id, date_trunc('month', r.day_start, 'UTC') AS month_start
      FROM removed r LEFT JOIN added a USING (day_start, point_id, console_id, unit_id, operating_condition)
      WHERE a.point_id IS NULL
        OR a.shortest_chatter IS DISTINCT FROM least(a.shortest_chatter, r.shortest_chatter)
        OR a.shortest_fleeting IS DISTINCT FROM least(a.shortest_fleeting, r.shortest_fleeting)
    ) pairs;
  ELSE
    SELECT array_agg(point_id), array_agg(month_start) INTO points, months FROM (
      SELECT DISTINCT point_id, date_trunc('month', day_start, 'UTC') AS month_start FROM removed
    ) pairs;
  END IF;
  IF points IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM alarm_episode_month_marks m USING unnest(points, months) AS p(point_id, month_start)
  WHERE m.point_id = p.point_id AND m.month_start = p.month_start;
  INSERT INTO alarm_episode_month_marks (month_start, point_id, console_id, unit_id, operating_condition, shortest_chatter, shortest_fleeting)
  SELECT p.month_start, d.point_id, d.console_id, d.unit_id, d.operating_condition,
    min(d.shortest_chatter), min(d.shortest_fleeting)
  FROM alarm_episode_marks d
  JOIN unnest(points, months) AS p(point_id, month_start)
    ON d.point_id = p.point_id AND date_trunc('month', d.day_start, 'UTC') = p.month_start
  WHERE d.day_start >= (SELECT min(m) FROM unnest(months) m)
    AND d.day_start < (SELECT max(m) FROM unnest(months) m) + interval '1 month'
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_month_marks_insert" AFTER INSERT ON "alarm_episode_marks" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_month_marks_add"();
--> statement-breakpoint
-- An update both adds its new values and, where they rose or moved, renews those months (in either order).
CREATE TRIGGER "alarm_episode_month_marks_update_add" AFTER UPDATE ON "alarm_episode_marks" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_month_marks_add"();
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_month_marks_update_renew" AFTER UPDATE ON "alarm_episode_marks" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_month_marks_renew"();
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_month_marks_delete" AFTER DELETE ON "alarm_episode_marks" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_month_marks_renew"();
--> statement-breakpoint
-- Emptying the day marks empties their months.
CREATE FUNCTION "alarm_episode_month_marks_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE alarm_episode_month_marks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_month_marks_truncate" AFTER TRUNCATE ON "alarm_episode_marks"
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_month_marks_clear"();
--> statement-breakpoint
INSERT INTO "alarm_episode_month_marks" (month_start, point_id, console_id, unit_id, operating_condition, shortest_chatter, shortest_fleeting)
SELECT date_trunc('month', day_start, 'UTC'), point_id, console_id, unit_id, operating_condition,
  min(shortest_chatter), min(shortest_fleeting)
FROM "alarm_episode_marks" GROUP BY 1, 2, 3, 4, 5;
