CREATE TABLE "alarm_load_days" (
	"day_start" timestamp with time zone NOT NULL,
	"console_id" integer NOT NULL,
	"urgent" integer NOT NULL,
	"high" integer NOT NULL,
	"medium" integer NOT NULL,
	"low" integer NOT NULL,
	"counts" "bytea" NOT NULL,
	CONSTRAINT "alarm_load_days_console_id_day_start_pk" PRIMARY KEY("console_id","day_start")
);
--> statement-breakpoint
-- The named UTC days of alarm_load_10m again from its rows: per console and for the whole plant (console 0), the
-- 144 buckets packed in order (a bucket without a row counts 0) and the sums per priority. A day left without
-- rows loses its vectors.
CREATE FUNCTION "alarm_load_days_rebuild"(days timestamptz[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM alarm_load_days WHERE day_start = any(days);
  INSERT INTO alarm_load_days (day_start, console_id, urgent, high, medium, low, counts)
  SELECT v.day_start, v.console_id, v.urgent, v.high, v.medium, v.low,
    (SELECT string_agg(int4send(coalesce(b.n, 0)), ''::bytea ORDER BY s.k)
     FROM generate_series(0, 143) s(k) LEFT JOIN unnest(v.ks, v.ns) b(k, n) ON b.k = s.k)
  FROM (
    SELECT day_start, console_id, sum(urgent)::int AS urgent, sum(high)::int AS high, sum(medium)::int AS medium,
      sum(low)::int AS low, array_agg(k) AS ks, array_agg(n) AS ns
    FROM (
      SELECT d.day_start, coalesce(l.console_id, 0) AS console_id,
        (date_part('epoch', l.bucket_start - d.day_start) / 600)::int AS k,
        sum(l.urgent) AS urgent, sum(l.high) AS high, sum(l.medium) AS medium, sum(l.low) AS low,
        sum(l.urgent + l.high + l.medium + l.low)::int AS n
      FROM unnest(days) d(day_start)
      JOIN alarm_load_10m l ON l.bucket_start >= d.day_start AND l.bucket_start < d.day_start + interval '1 day'
      GROUP BY GROUPING SETS ((d.day_start, l.console_id, l.bucket_start), (d.day_start, l.bucket_start))
    ) buckets
    GROUP BY day_start, console_id
  ) v;
$$;
--> statement-breakpoint
CREATE FUNCTION "alarm_load_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM alarm_load_days_rebuild(ARRAY(SELECT DISTINCT date_trunc('day', bucket_start, 'UTC') FROM added));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM alarm_load_days_rebuild(ARRAY(
      SELECT date_trunc('day', bucket_start, 'UTC') FROM added
      UNION SELECT date_trunc('day', bucket_start, 'UTC') FROM removed));
  ELSE
    PERFORM alarm_load_days_rebuild(ARRAY(SELECT DISTINCT date_trunc('day', bucket_start, 'UTC') FROM removed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_load_days_insert" AFTER INSERT ON "alarm_load_10m" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_load_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "alarm_load_days_update" AFTER UPDATE ON "alarm_load_10m" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_load_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "alarm_load_days_delete" AFTER DELETE ON "alarm_load_10m" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_load_days_apply"();
--> statement-breakpoint
-- Emptying the 10-minute rows empties their days.
CREATE FUNCTION "alarm_load_days_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE alarm_load_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_load_days_truncate" AFTER TRUNCATE ON "alarm_load_10m"
  FOR EACH STATEMENT EXECUTE FUNCTION "alarm_load_days_clear"();
--> statement-breakpoint
SELECT alarm_load_days_rebuild(ARRAY(SELECT DISTINCT date_trunc('day', bucket_start, 'UTC') FROM alarm_load_10m));
