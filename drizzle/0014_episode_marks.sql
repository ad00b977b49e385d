CREATE TABLE "alarm_episode_marks" (
	"day_start" timestamp with time zone NOT NULL,
	"point_id" integer NOT NULL,
	"console_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"operating_condition" text DEFAULT '' NOT NULL,
	"shortest_chatter" interval,
	"shortest_fleeting" interval,
	CONSTRAINT "alarm_episode_marks_day_start_point_id_console_id_unit_id_operating_condition_pk" PRIMARY KEY("day_start","point_id","console_id","unit_id","operating_condition")
);
--> statement-breakpoint
DROP INDEX "alarm_episodes_kind_span_idx";--> statement-breakpoint
CREATE INDEX "alarm_episodes_kind_start_idx" ON "alarm_episodes" USING btree ("kind","start_time","end_time","point_id","console_id","unit_id","operating_condition");--> statement-breakpoint
-- Marks of the episodes in `added` (a statement's new rows): each (day, point, scope) keeps its shortest span.
CREATE FUNCTION "alarm_episode_marks_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_episode_marks AS m (day_start, point_id, console_id, unit_id, operating_condition, shortest_chatter, shortest_fleeting)
  SELECT date_bin('1 day', start_time, timestamptz '1970-01-01 00:00:00+00'), point_id, console_id, unit_id, operating_condition,
    min(end_time - start_time) FILTER (WHERE kind = 'chatter'), min(end_time - start_time) FILTER (WHERE kind = 'fleeting')
  FROM added WHERE kind IN ('chatter', 'fleeting') AND end_time IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (day_start, point_id, console_id, unit_id, operating_condition) DO UPDATE SET
    shortest_chatter = least(m.shortest_chatter, excluded.shortest_chatter),
    shortest_fleeting = least(m.shortest_fleeting, excluded.shortest_fleeting);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An updated or deleted episode may have been its day's shortest: the (point, day) pairs whose chattering runs or
-- fleeting annunciations changed (in span or scope; a retagging that keeps a row's condition changes nothing) are
-- read again from the episodes.
CREATE FUNCTION "alarm_episode_marks_renew"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  points int[];
  days timestamptz[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(point_id), array_agg(day_start) INTO points, days FROM (
      SELECT DISTINCT point_id, date_bin('1 day', start_time, timestamptz '1970-01-01 00:00:00+00') AS day_start FROM (
        (SELECT point_id, kind, start_time, end_time, console_id, unit_id, operating_condition FROM removed
         EXCEPT ALL SELECT point_id, kind, start_time, end_time, console_id, unit_id, operating_condition FROM added)
        UNION ALL
        (SELECT point_id, kind, start_time, end_time, console_id, unit_id, operating_condition FROM added
         EXCEPT ALL SELECT point_id, kind, start_time, end_time, console_id, unit_id, operating_condition FROM removed)
      ) changed WHERE kind IN ('chatter', 'fleeting')
    ) pairs;
  ELSE
    SELECT array_agg(point_id), array_agg(day_start) INTO points, days FROM (
      SELECT DISTINCT point_id, date_bin('1 day', start_time, timestamptz '1970-01-01 00:00:00+00') AS day_start
      FROM removed WHERE kind IN ('chatter', 'fleeting')
    ) pairs;
  END IF;
  IF points IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM alarm_episode_marks m USING unnest(points, days) AS p(point_id, day_start)
  WHERE m.point_id = p.point_id AND m.day_start = p.day_start;
  INSERT INTO alarm_episode_marks (day_start, point_id, console_id, unit_id, operating_condition, shortest_chatter, shortest_fleeting)
  SELECT p.day_start, e.point_id, e.console_id, e.unit_id, e.operating_condition,
    min(e.end_time - e.start_time) FILTER (WHERE e.kind = 'chatter'), min(e.end_time - e.start_time) FILTER (WHERE e.kind = 'fleeting')
  FROM unnest(points, days) AS p(point_id, day_start)
  JOIN alarm_episodes e ON e.point_id = p.point_id AND e.kind IN ('chatter', 'fleeting')
    AND e.start_time >= p.day_start AND e.start_time < p.day_start + interval '24 hours'
  WHERE e.end_time IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_marks_insert" AFTER INSERT ON "alarm_episodes" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_marks_add"();
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_marks_update" AFTER UPDATE ON "alarm_episodes" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_marks_renew"();
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_marks_delete" AFTER DELETE ON "alarm_episodes" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_marks_renew"();
--> statement-breakpoint
-- Emptying the episodes empties their marks.
CREATE FUNCTION "alarm_episode_marks_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE alarm_episode_marks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_episode_marks_truncate" AFTER TRUNCATE ON "alarm_episodes"
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_episode_marks_clear"();
--> statement-breakpoint
INSERT INTO "alarm_episode_marks" (day_start, point_id, console_id, unit_id, operating_condition, shortest_chatter, shortest_fleeting)
SELECT date_bin('1 day', start_time, timestamptz '1970-01-01 00:00:00+00'), point_id, console_id, unit_id, operating_condition,
  min(end_time - start_time) FILTER (WHERE kind = 'chatter'), min(end_time - start_time) FILTER (WHERE kind = 'fleeting')
FROM "alarm_episodes" WHERE kind IN ('chatter', 'fleeting') AND end_time IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
