import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
await db.exec(`create table hb (device_id uuid not null, key text not null, ts bigint not null, value jsonb not null, num double precision, primary key (device_id, key, ts)) partition by range (ts);
create table hb_d partition of hb default;
insert into hb select '11111111-1111-1111-1111-111111111111', 'power', 1790208000000 + i::bigint*60000, to_jsonb(100 + i%600), 100 + i%600 from generate_series(0, 43199) i;
insert into hb select '11111111-1111-1111-1111-111111111111', k, 1790208000000 + i::bigint*60000, to_jsonb(i), i from generate_series(0, 43199) i, unnest(array['voltage','current','active']) k;
analyze hb;`);
const qs = {
  current: `select key, (1790208000000::bigint + floor((ts - 1790208000000::bigint) / 3600000::float8)::bigint * 3600000::bigint) b, avg(num)::float8 v from hb where device_id='11111111-1111-1111-1111-111111111111' and key in ('power') and ts >= 1790208000000 and ts < 1792800000000 group by key, b order by key, b`,
  intdiv: `select key, (ts - 1790208000000::bigint) / 3600000 b, avg(num)::float8 v from hb where device_id='11111111-1111-1111-1111-111111111111' and key in ('power') and ts >= 1790208000000 and ts < 1792800000000 group by key, b order by key, b`,
  nokeygroup: `select (ts - 1790208000000::bigint) / 3600000 b, avg(num)::float8 v from hb where device_id='11111111-1111-1111-1111-111111111111' and key = 'power' and ts >= 1790208000000 and ts < 1792800000000 group by b order by b`,
  rawfetch: `select ts, num from hb where device_id='11111111-1111-1111-1111-111111111111' and key = 'power' and ts >= 1790208000000 and ts < 1792800000000`,
};
for (const [name, q] of Object.entries(qs)) {
  const t = [];
  for (let i = 0; i < 15; i++) { const t0 = performance.now(); await db.query(q); t.push(performance.now() - t0); }
  t.sort((a, b) => a - b);
  console.log(name, t[7].toFixed(1), 'ms');
}
console.log((await db.query('explain analyze ' + qs.nokeygroup)).rows.map(r => r['QUERY PLAN']).join('\n'));
