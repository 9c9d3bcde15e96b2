#!/usr/bin/env bash
# Runs `beckon-bench postgres` against a PostgreSQL server of its own: initdb into a temporary
# folder, started on a free loopback port with the server's default settings (fsync on,
# synchronous_commit on: every acknowledged donation is on disk), stopped and deleted at the end.
# PostgreSQL refuses to run as root; as root, the server runs as the system user `postgres`.
#
#     bash Benchmarks/postgres/run.sh [beckon-bench postgres options...]
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
bindir="${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
[[ -x "$bindir/initdb" ]] || { echo "run: no PostgreSQL server (install postgresql, or set PG_BINDIR)" >&2; exit 69; }

folder="$(mktemp -d /tmp/beckon-bench-pg.XXXXXX)"
as_server=()
if [[ $(id -u) -eq 0 ]]; then chown postgres "$folder"; as_server=(runuser -u postgres --); fi
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
export BECKON_BENCH_PG_PASSWORD="bench-$RANDOM$RANDOM"
stop() { "${as_server[@]}" "$bindir/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$folder"; }
trap stop EXIT

printf 'postgres\n' > "$folder/pw" && chmod 644 "$folder/pw"
"${as_server[@]}" "$bindir/initdb" -D "$folder/data" -U postgres --pwfile="$folder/pw" --auth-local=trust \
  --auth-host=scram-sha-256 -E UTF8 --locale=C --no-instructions >/dev/null
"${as_server[@]}" "$bindir/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w start \
  -o "-p $port -k $folder -c listen_addresses=127.0.0.1 -c max_connections=100" >/dev/null
psql -X -q -h "$folder" -p "$port" -U postgres -d postgres \
  -c "CREATE ROLE beckon LOGIN PASSWORD '$BECKON_BENCH_PG_PASSWORD'" -c "CREATE DATABASE bench OWNER beckon"

# The server's own floor at this moment, for the ratios: pgbench's read-only (one indexed SELECT a
# transaction) and simple-update (one UPDATE and one INSERT a transaction, fsync'd) with 16 clients.
pgbench=("$bindir/pgbench" -h "$folder" -p "$port" -U postgres)
psql -X -q -h "$folder" -p "$port" -U postgres -d postgres -c "CREATE DATABASE pgbench"
"${pgbench[@]}" -i -q -s 10 pgbench >/dev/null 2>&1
for mode in S N; do
  tps="$("${pgbench[@]}" -M prepared -c 16 -j 2 -T 3 -$mode pgbench 2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p')"
  echo "postgres: pgbench -$mode (the server's own floor), 16 clients: ${tps%.*} transactions/s"
done

"$bench" postgres --option host=127.0.0.1 --option port="$port" --option dbname=bench --option user=beckon \
  --option passwordEnv=BECKON_BENCH_PG_PASSWORD "$@"
