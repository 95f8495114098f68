ALTER TABLE "outbox_events" ALTER COLUMN "payload" SET DATA TYPE json;--> statement-breakpoint
-- Unsent rows of the earlier formats become arrays of complete live messages: several events
-- ({ eventId, type, topic, data } each) get their time; a single event (its data alone) is wrapped.
UPDATE "outbox_events" SET "payload" = (
  SELECT json_agg(json_build_object('eventId', e->>'eventId', 'type', e->>'type', 'topic', e->>'topic',
    'at', (extract(epoch from "outbox_events"."created_at") * 1000)::bigint, 'data', e->'data'))
  FROM json_array_elements("outbox_events"."payload") AS e)
WHERE "published_at" IS NULL AND "type" = 'outbox.batch';
--> statement-breakpoint
UPDATE "outbox_events" SET
  "payload" = json_build_array(json_build_object('eventId', "event_id", 'type', "type", 'topic', "topic",
    'at', (extract(epoch from "created_at") * 1000)::bigint, 'data', "payload")),
  "type" = 'outbox.batch'
WHERE "published_at" IS NULL AND "type" <> 'outbox.batch';
