import { sql } from 'drizzle-orm';
import type { Database } from '../adapters/db';

// A year of dispatched visits ending `endDaysAgo` days ago: each with a gate-in, a machine move and a
// dispatch movement, a completed task, a truck visit, a gate transaction, device logs; every third
// with a completed ITV task. Written in SQL (the rollups' triggers count them as the gate's writes would).
export async function seedArchiveHistory(db: Database, prefix: string, visits: number, endDaysAgo: number) {
  await db.execute(sql`
    with sizes as (select id from container_sizes where name = '20' limit 1),
    inserted as (
      insert into containers (container_number, size_id, gate_in_at, dispatched_at, rfid_tag_id)
      select ${prefix}::text || lpad(n::text, 7, '0'), (select id from sizes),
             now() - make_interval(days => ${endDaysAgo}::int + ${visits}::int - n, hours => 30),
             now() - make_interval(days => ${endDaysAgo}::int + ${visits}::int - n),
             'TAG' || ${prefix}::text || n
      from generate_series(1, ${visits}::int) n
      returning id, container_number, gate_in_at, dispatched_at)
    insert into container_movements (container_id, container_number, from_location, to_location, to_area_id,
      to_row_index, to_column_index, to_tier, source, moved_at)
    select id, container_number, f, tl, a, r, c, ti, s, at from inserted,
      lateral (values
        (null::text, 'A_1_1_1'::text, 1, 1, 1, 1, 'gate', gate_in_at),
        ('A_1_1_1', 'B_1_1_1', 1, 1, 2, 1, 'machine', gate_in_at + interval '1 hour'),
        ('B_1_1_1', null, null::int, null::int, null::int, null::int, 'gate', dispatched_at)) m(f, tl, a, r, c, ti, s, at)`);
  await db.execute(sql`
    insert into trailers (trailer_number, type, entry_at, out_at, container_numbers)
    select 'TR' || c.id, 'Import', c.gate_in_at, c.gate_in_at + interval '1 hour', array[c.container_number]
    from containers c where c.container_number like ${prefix + '%'}`);
  await db.execute(sql`
    insert into tasks (container_id, container_number, task_type, from_location, to_location, source, generated_at,
      completed_at, visit_id)
    select c.id, c.container_number, 'Offloading', 'Trailer', 'A_1_1_1', 'gate', c.gate_in_at,
      c.gate_in_at + interval '1 hour', (select max(id) from trailers tr where tr.trailer_number = 'TR' || c.id)
    from containers c where c.container_number like ${prefix + '%'}`);
  await db.execute(sql`
    insert into itv_tasks (container_id, trailer, container_number, task_type, from_location, to_location, generated_at,
      completed_at)
    select c.id, 'ITV1', c.container_number, 'Shifting', 'A_1_1_1', 'B_1_1_1', c.gate_in_at,
      c.gate_in_at + interval '30 minutes'
    from containers c where c.container_number like ${prefix + '%'} and c.id % 3 = 0`);
  await db.execute(sql`
    insert into gate_transactions (request_id, kind, user_name, answer, committed_at)
    select 'seed-' || c.id, 'gateIn', 'superadmin', '{}'::jsonb, c.gate_in_at
    from containers c where c.container_number like ${prefix + '%'}`);
  await db.execute(sql`
    insert into device_logs (device_id, type, message, received_at)
    select 'reader-1', 'RF_OK', 'seed ' || c.id || '/' || k, c.gate_in_at
    from containers c, generate_series(1, 2) k where c.container_number like ${prefix + '%'}`);
}
