#!/usr/bin/env bash
# Runs `beckon-bench postgres` (decisions and donations per second, beside pgbench's floor), or
# with `copy` first `beckon-bench copy` (a SQLite store of 100,000 subjects moved into
# postgres.store as `beckon data copy --to` moves it), against a PostgreSQL server of its own
# (Benchmarks/postgres/server.sh: initdb into a temporary folder, a free loopback port, the
# server's default settings: every acknowledged donation is on disk), stopped and deleted at the end.
#
#     bash Benchmarks/postgres/run.sh [beckon-bench postgres options...]
#     bash Benchmarks/postgres/run.sh copy [--subjects N]
#
# Needs the postgresql package (initdb, pg_ctl) and a release build:
#     swift build -c release --product beckon-bench --product beckon-postgres-store
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bench="$root/.build/release/beckon-bench"
[[ -x "$bench" && -f "$root/.build/release/libbeckon-postgres-store.so" ]] || {
  echo "run: build first: swift build -c release --product beckon-bench && swift build -c release --product beckon-postgres-store" >&2
  exit 66
}
source "$root/Benchmarks/postgres/server.sh"
folder="$(mktemp -d /tmp/beckon-bench-pg.XXXXXX)"
stop() { pg_stop "$folder"; rm -rf "$folder"; }
trap stop EXIT
pg_start "$folder"
bindir="$pg_bindir"
port="$pg_port"
connection=(--option host=127.0.0.1 --option port="$port" --option dbname=bench --option user=beckon
  --option passwordEnv=BECKON_BENCH_PG_PASSWORD)

if [[ "${1:-}" == copy ]]; then
  shift
  "$bench" copy "${connection[@]}" "$@"
  exit 0
fi

# The server's own floor at this moment, for the ratios: pgbench's read-only (one indexed SELECT a
# transaction) and simple-update (one UPDATE and one INSERT a transaction, fsync'd) with 16 clients.
pgbench=("$bindir/pgbench" -h "$folder" -p "$port" -U postgres)
psql -X -q -h "$folder" -p "$port" -U postgres -d postgres -c "CREATE DATABASE pgbench"
"${pgbench[@]}" -i -q -s 10 pgbench >/dev/null 2>&1
for mode in S N; do
  tps="$("${pgbench[@]}" -M prepared -c 16 -j 2 -T 3 -$mode pgbench 2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p')"
  echo "postgres: pgbench -$mode (the server's own floor), 16 clients: ${tps%.*} transactions/s"
done

"$bench" postgres "${connection[@]}" "$@"
