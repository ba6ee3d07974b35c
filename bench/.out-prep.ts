import pg from 'pg';
import { connect } from './src/seed/connection.ts';
import { drawSample } from './src/load/sample.ts';
import { feedSql } from './src/load/raw-feed.ts';
const url = process.env.DATABASE_URL!;
const db = await connect({ kind: 'postgres', url });
const sample = await drawSample(db, { users: 200, sockets: 10 });
await db.close();
const statements = await Promise.all(sample.users.map(feedSql));
const pool = new pg.Pool({ connectionString: url, max: 10 });
async function run(named: boolean, seconds: number) {
  let k = 0, n = 0; const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: 32 }, async () => {
    while (performance.now() < until) {
      const pair = statements[k++ % statements.length]!;
      await Promise.all(pair.map((s, i) => pool.query(named ? { name: `feed${i}`, text: s.text, values: s.params } : { text: s.text, values: s.params })));
      n++;
    }
  }));
  return n / seconds;
}
for (let r = 0; r < 2; r++) for (const named of [false, true]) console.log(named ? 'prepared' : 'unnamed ', (await run(named, 6)).toFixed(0), 'feeds/s', (await import('node:os')).loadavg()[0].toFixed(1));
await pool.end();
