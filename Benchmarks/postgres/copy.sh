#!/usr/bin/env bash
# Runs `beckon-bench copy` (a SQLite store of 100,000 subjects moved into postgres.store, the way
# `beckon data copy --to` moves it) against a PostgreSQL server of its own
# (Benchmarks/postgres/server.sh), stopped and deleted at the end.
#
#     bash Benchmarks/postgres/copy.sh [--subjects N]
#
# Needs the postgresql package (initdb, pg_ctl) and a release build:
#     swift build -c release --product beckon-bench && swift build -c release --product beckon-postgres-store
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bench="$root/.build/release/beckon-bench"
[[ -x "$bench" && -f "$root/.build/release/libbeckon-postgres-store.so" ]] || {
  echo "copy: build first: swift build -c release --product beckon-bench && swift build -c release --product beckon-postgres-store" >&2
  exit 66
}
source "$root/Benchmarks/postgres/server.sh"
folder="$(mktemp -d /tmp/beckon-bench-pg.XXXXXX)"
stop() { pg_stop "$folder"; rm -rf "$folder"; }
trap stop EXIT
pg_start "$folder"

"$bench" copy --option host=127.0.0.1 --option port="$pg_port" --option dbname=bench --option user=beckon \
  --option passwordEnv=BECKON_BENCH_PG_PASSWORD "$@"
