-- Each point's replay state now carries its latest ALM and ACK (server/domain/ingest/replay.ts); states stored
-- before take them from the events once, so 系统运行看板 counts unacknowledged alarms from the states alone.
UPDATE alarm_point_states s
SET state = s.state || jsonb_build_object('lastAlarm', a.last_alarm, 'lastAck', a.last_ack)
FROM (
  SELECT point_id,
    (extract(epoch from max(time) FILTER (WHERE event = 'ALM')) * 1000)::float8 AS last_alarm,
    (extract(epoch from max(time) FILTER (WHERE event = 'ACK')) * 1000)::float8 AS last_ack
  FROM alarm_events WHERE event IN ('ALM', 'ACK') GROUP BY point_id
) a
WHERE a.point_id = s.point_id;
