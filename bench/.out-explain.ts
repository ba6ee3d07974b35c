import { connect } from './src/seed/connection.ts';
import { drawSample } from './src/load/sample.ts';
import { explainQueries } from './src/load/explain.ts';
const db = await connect({ kind: 'postgres', url: process.env.DATABASE_URL! });
const sample = await drawSample(db, { users: 50, sockets: 10 });
for (const q of await explainQueries(db, sample)) {
  console.log(`=== ${q.name} seq=${q.seqScans.join(',')}\n${q.plan}\n`);
}
await db.close();
