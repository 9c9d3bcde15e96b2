# A PostgreSQL server of the benchmarks' own, for Benchmarks/postgres/run.sh and
# Benchmarks/serve/run.sh (sourced, not run): initdb into a folder, started on a free loopback
# port with the server's default settings (fsync on, synchronous_commit on: every acknowledged
# write is on disk), a role `beckon` with a random password in BECKON_BENCH_PG_PASSWORD and its
# database `bench`. PostgreSQL refuses to run as root; as root, the server runs as the system user
# `postgres`. Needs the postgresql package (initdb, pg_ctl), or PG_BINDIR.
#
#     source Benchmarks/postgres/server.sh
#     pg_start FOLDER     # sets pg_bindir, pg_port and as_server; exits 69 without a server
#     pg_stop FOLDER      # stops it (fast); the caller deletes FOLDER

as_server=()
pg_bindir=""

pg_start() {
  local folder="$1"
  pg_bindir="${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
  [[ -x "$pg_bindir/initdb" ]] || { echo "run: no PostgreSQL server (install postgresql, or set PG_BINDIR)" >&2; exit 69; }
  mkdir -p "$folder"
  if [[ $(id -u) -eq 0 ]]; then chown postgres "$folder"; as_server=(runuser -u postgres --); fi
  pg_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  export BECKON_BENCH_PG_PASSWORD="bench-$RANDOM$RANDOM"
  printf 'postgres\n' > "$folder/pw" && chmod 644 "$folder/pw"
  "${as_server[@]}" "$pg_bindir/initdb" -D "$folder/data" -U postgres --pwfile="$folder/pw" --auth-local=trust \
    --auth-host=scram-sha-256 -E UTF8 --locale=C --no-instructions >/dev/null
  "${as_server[@]}" "$pg_bindir/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w start \
    -o "-p $pg_port -k $folder -c listen_addresses=127.0.0.1 -c max_connections=100" >/dev/null
  psql -X -q -h "$folder" -p "$pg_port" -U postgres -d postgres \
    -c "CREATE ROLE beckon LOGIN PASSWORD '$BECKON_BENCH_PG_PASSWORD'" -c "CREATE DATABASE bench OWNER beckon"
}

pg_stop() {
  [[ -n "${pg_bindir:-}" ]] || return 0
  "${as_server[@]}" "$pg_bindir/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
}
