import { HTTP_SCENARIOS } from './http-scenarios.ts';

export const SCENARIOS = [
  ...HTTP_SCENARIOS.map((s) => s.name),
  'realtime',
  'notifications',
  'fanout',
];

export const USAGE = `Usage: npm run bench -- [scenario…] [options]

Scenarios (default: all): ${SCENARIOS.join(', ')}

  --connections <n>      concurrent connections (default 32 on PostgreSQL, 8 on PGlite)
  --duration <s>         seconds per scenario (default 10), after --warmup <s> (default 2)
  --users <n>            members signed in and rotated across connections (default 200)
  --sockets <n>          realtime sockets, one member each (default 2000)
  --rate <n>             realtime messages per second through the API (default 200)
  --realtime-duration <s>  (default 20)
  --like-rate <n>        notifications: likes per second on the popular authors' posts (default 1000)
  --authors <n>          notifications: popular authors whose posts are liked (default 100)
  --notifications-duration <s>  (default 20), after --notifications-warmup <s> of likes
                         at the same rate, not counted (default 5: a cold server's first seconds)
  --mails <n>            notifications: password-reset mails timed into the outbox (default 5000)
  --fanout-sockets <n>   fanout: members listening to their feeds (default 5000)
  --fanout-followers <n> fanout: the author's followers in all (default 50000)
  --fanout-online <n>    fanout: of them, members among the sockets (default 2000)
  --generator <name>     the HTTP scenarios' load generator: autocannon (default) or wrk
                         (Debian's package, on PATH; whole seconds)
  --pool <n>             the server's DATABASE_POOL_SIZE (default 10)
  --log-level <level>    the server's LOG_LEVEL (default warn)
  --cpu-prof             write a CPU profile of the server to bench/.out/profiles
  --port <n>             port for the server the bench starts (default 4390)
  --fleet                realtime only, on two instances (port and port+1) behind HAProxy
                         (PostgreSQL only); --realtime-bus postgres|redis (default postgres;
                         redis needs REDIS_URL)
  --no-write             print only; leave bench/RESULTS.md alone
  --smoke                a quick end-to-end check on a throwaway embedded database (tiny
                         preset): every scenario for 2 s, fails on any error

The database is DATABASE_URL, else the embedded one in DATA_DIR, as for \`npm run seed\`.
BENCH_URL=http://host:port uses a running server instead of starting one (PostgreSQL only;
BENCH_PID=<pid> lets the bench read its memory).`;
