#!/usr/bin/env bash
# `beckon serve` under wrk on loopback: tip status requests a second and their latency with the
# memory, SQLite and PostgreSQL stores, against nginx answering a constant JSON as large as the
# tip status answer (the anchor: `nginx.conf`), `/healthz` (a constant answered by the same server
# through the router and middleware, with no decision), the general path (the same route with a
# query member the fast path leaves to it), tip status with two transient parameters in the query,
# OFREP evaluations (one flag, and all five; skipped while the server has no OFREP routes), and
# p99 at a paced rate.
#
#     bash Benchmarks/serve/run.sh [seconds per run (10)] [runs (3)] [stores (memory sqlite postgres)]
#
# BECKON names the binary to run (default: this tree's .build/release/beckon), to compare two
# builds. SERVE_ARGS adds options to each `beckon serve` (e.g. SERVE_ARGS="--log-level warning": no access
# log lines; nginx keeps its buffered access log).
#
# Each server runs one event loop (`--event-loops 1`), as nginx runs one worker: like for like,
# on a machine whose other core runs wrk. One more row runs tip status on a memory-store server
# with its default, an event loop a core, and prints its ratio to nginx too.
#
# Runs alternate between the rows (memory, sqlite, postgres, nginx, /healthz, …, memory, …) so
# that a burst of load from elsewhere on the machine does not fall on one row only; each figure is
# the median of its runs, printed with `uptime` before and after, and each row's ratio to nginx is
# the median of its runs' ratios to the nginx run of the same round. Needs wrk and nginx (Debian
# packages `wrk`, `nginx-light`), curl, and a release build:
#     swift build -c release --product beckon && swift build -c release --product beckon-postgres-store
# PostgreSQL (package `postgresql`) is started by Benchmarks/postgres/server.sh, as for
# Benchmarks/postgres/run.sh: initdb into a temporary folder, a free loopback port, default
# settings (fsync on).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/Benchmarks/serve"
beckon="${BECKON:-$root/.build/release/beckon}"
plugin="$root/.build/release/libbeckon-postgres-store.so"
seconds="${1:-10}"
runs="${2:-3}"
stores=(${3:-memory sqlite postgres})
# wrk's threads and connections for the unpaced runs; the paced ones use their own connections.
threads="${WRK_THREADS:-1}"
connections="${WRK_CONNECTIONS:-64}"

[[ -x "$beckon" ]] || { echo "run: build first: swift build -c release --product beckon && swift build -c release --product beckon-postgres-store" >&2; exit 66; }
command -v wrk >/dev/null || { echo "run: no wrk (apt-get install -y wrk)" >&2; exit 69; }
nginx="$(command -v nginx || echo /usr/sbin/nginx)"
[[ -x "$nginx" ]] || { echo "run: no nginx, the anchor tip status is compared with (apt-get install -y nginx-light)" >&2; exit 69; }

folder="$(mktemp -d /tmp/beckon-bench-serve.XXXXXX)"
chmod 755 "$folder"  # PostgreSQL runs as its own user, in a folder inside
pids=()
source "$root/Benchmarks/postgres/server.sh"
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  pg_stop "$folder/pg"
  rm -rf "$folder"
}
trap cleanup EXIT

# The configuration's parameters, events and tips (`tips.yaml`), with each store in front.
body="$(cat "$here/tips.yaml")"
printf 'version: 1\nstore: {backend: memory}\n%s\n' "$body" > "$folder/memory.yaml"
printf 'version: 1\nstore: {backend: sqlite, path: %s/state.db}\n%s\n' "$folder" "$body" > "$folder/sqlite.yaml"

if [[ " ${stores[*]} " == *" postgres "* ]]; then
  [[ -f "$plugin" ]] || { echo "run: no $plugin (swift build -c release --product beckon-postgres-store)" >&2; exit 66; }
  pg_start "$folder/pg"
  printf 'version: 1\nplugins:\n  - path: %s\nstore:\n  backend: postgres.store\n  options: {host: 127.0.0.1, port: %s, dbname: bench, user: beckon, passwordEnv: BECKON_BENCH_PG_PASSWORD, poolSize: 8}\n%s\n' \
    "$plugin" "$pg_port" "$body" > "$folder/postgres.yaml"
fi

# Starts `beckon serve` on the configuration of store $1 on a free port, with one event loop (as
# nginx's one worker) or, for the row named `default-loops`, with its default (the memory store's
# configuration, an event loop a core); sets `port`.
declare -A ports server_pids
serve() {
  local log="$folder/$1.log" config="$1" loops=(--event-loops 1)
  [[ "$1" == default-loops ]] && { config=memory; loops=(); }
  # shellcheck disable=SC2086 # SERVE_ARGS is a list of options
  "$beckon" serve --config "$folder/$config.yaml" --listen 127.0.0.1:0 "${loops[@]}" ${SERVE_ARGS:-} 2> "$log" > /dev/null &
  pids+=($!)
  for _ in $(seq 1 600); do
    port="$(sed -n 's/^beckon: serving .*:\([0-9]*\)$/\1/p' "$log")"
    [[ -n "$port" ]] && break
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$log" >&2; exit 70; }
    sleep 0.05
  done
  ports[$1]="$port"
  server_pids[$1]="${pids[-1]}"
}

# The CPU time (user + system, in clock ticks) process $1 has used.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# Two landmark views a day ago for each of bench-0 … bench-99 (favorite-landmark is available to
# them), over one kept-alive connection.
seed() {
  local now urls=()
  now="$(date -u -d '1 day ago' +%Y-%m-%dT%H:%M:%SZ)"
  for i in $(seq 0 99); do
    urls+=("http://127.0.0.1:$1/v1/subjects/bench-$i/events/landmarkViewed/donate?now=$now")
    urls+=("http://127.0.0.1:$1/v1/subjects/bench-$i/events/landmarkViewed/donate?now=$now")
  done
  curl -s -f -X POST "${urls[@]}" > /dev/null
  curl -s -f "http://127.0.0.1:$1/v1/subjects/bench-7/tips/favorite-landmark" | grep -q '"status":"available"'
}

for store in "${stores[@]}" default-loops; do serve "$store"; seed "${ports[$store]}"; done
base="http://127.0.0.1:${ports[${stores[0]}]}"

# nginx on a free loopback port, answering `{"constant":"aaa…"}` of as many bytes as beckon's
# tip status answer for a subject of the benchmark (its headers differ a little: both sizes printed).
tip_answer="$(curl -s -f "$base/v1/subjects/bench-42/tips/favorite-landmark")"
size="${#tip_answer}"
constant="{\"constant\":\"$(printf '%*s' "$((size - 15))" '' | tr ' ' a)\"}"
for _ in $(seq 1 20); do
  nginx_port=$((20000 + RANDOM % 40000))
  (: > "/dev/tcp/127.0.0.1/$nginx_port") 2>/dev/null && continue  # taken
  sed -e "s|@DIR@|$folder|g" -e "s|@PORT@|$nginx_port|g" -e "s|@BODY@|$constant|" "$here/nginx.conf" > "$folder/nginx.conf"
  "$nginx" -p "$folder" -c "$folder/nginx.conf" -e "$folder/nginx-error.log" 2>> "$folder/nginx-error.log" &
  nginx_pid=$!
  for _ in $(seq 1 100); do
    curl -s -f -o /dev/null "http://127.0.0.1:$nginx_port/" && break
    kill -0 "$nginx_pid" 2>/dev/null || break
    sleep 0.05
  done
  kill -0 "$nginx_pid" 2>/dev/null && break
  nginx_pid=
done
[[ -n "${nginx_pid:-}" ]] || { echo "run: nginx did not start:" >&2; cat "$folder/nginx-error.log" >&2; exit 70; }
pids+=("$nginx_pid")
server_pids[nginx]="$nginx_pid"
[[ "$(curl -s "http://127.0.0.1:$nginx_port/")" == "$constant" ]] || { echo "run: nginx answers something else" >&2; exit 70; }
headers() { curl -s -D - -o /dev/null "$1" | wc -c; }
echo "nginx $("$nginx" -v 2>&1 | sed 's/.*nginx\///') on port $nginx_port: a constant JSON of $size bytes, as beckon's tip status answer" \
  "(headers: nginx $(headers "http://127.0.0.1:$nginx_port/") bytes, beckon $(headers "$base/v1/subjects/bench-42/tips/favorite-landmark"))"

# OFREP, once the server has it: a 404 that is not OFREP's FLAG_NOT_FOUND means no such route.
ofrep_body='{"context":{"targetingKey":"bench-42"}}'
ofrep_status="$(curl -s -o "$folder/ofrep.json" -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d "$ofrep_body" \
  "$base/ofrep/v1/evaluate/flags/tips.favorite-landmark")"
ofrep=yes
if [[ "$ofrep_status" == 404 ]] && ! grep -q FLAG_NOT_FOUND "$folder/ofrep.json"; then
  ofrep=; echo "OFREP rows skipped: the server answers 404 for POST /ofrep/v1/evaluate/flags/tips.favorite-landmark (no OFREP routes in this build)"
elif [[ "$ofrep_status" != 200 ]]; then
  ofrep=; echo "OFREP rows skipped: POST /ofrep/v1/evaluate/flags/tips.favorite-landmark answered $ofrep_status: $(cat "$folder/ofrep.json")"
fi

# One wrk run: its requests a second and its p99 in ms, as "RATE P99".
measure() {  # store url [script [script args...]], with $wrk_options
  local pid="${server_pids[$1]}" url="$2" output before after; shift
  before="$(cpu_ticks "$pid")"
  if [[ $# -gt 1 ]]; then
    local script="$2"; shift 2
    output="$(wrk "${wrk_options[@]}" -d "${seconds}s" --latency -s "$here/$script" "$url" -- "$@")"
  else
    output="$(wrk "${wrk_options[@]}" -d "${seconds}s" --latency "$url")"
  fi
  if grep -q 'Non-2xx\|Socket errors' <<<"$output"; then echo "run: errors in a run:" >&2; echo "$output" >&2; fi
  after="$(cpu_ticks "$pid")"
  local rate p99 requests
  rate="$(sed -n 's/^Requests\/sec: *\([0-9.]*\)/\1/p' <<<"$output")"
  requests="$(sed -n 's/^ *\([0-9]*\) requests in .*/\1/p' <<<"$output")"
  p99="$(awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } printf "%.2f", v }' <<<"$output")"
  # The server's CPU time per request, in microseconds (clock ticks are 1/100 s).
  echo "${rate%.*} $p99 $(awk -v t="$((after - before))" -v n="$requests" 'BEGIN { printf "%.1f", t * 10000 / n }')"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A results
echo "load before: $(uptime)"
wrk_options=(-t "$threads" -c "$connections")
for run in $(seq 1 "$runs"); do
  for store in "${stores[@]}"; do
    base="http://127.0.0.1:${ports[$store]}"
    results[$store.fast]+="$(measure "$store" "$base" subjects.lua favorite-landmark)"$'\n'
  done
  results[default-loops]+="$(measure default-loops "http://127.0.0.1:${ports[default-loops]}" subjects.lua favorite-landmark)"$'\n'
  base="http://127.0.0.1:${ports[${stores[0]}]}"
  results[nginx]+="$(measure nginx "http://127.0.0.1:$nginx_port/")"$'\n'
  results[floor]+="$(measure "${stores[0]}" "$base/healthz")"$'\n'
  results[general]+="$(measure "${stores[0]}" "$base" subjects.lua 'favorite-landmark?changes=false')"$'\n'
  results[transients]+="$(measure "${stores[0]}" "$base" subjects.lua landmark-tour 'transient=screenBrightness=0.8&transient=connection=wifi')"$'\n'
  if [[ -n "$ofrep" ]]; then
    results[ofrep]+="$(measure "${stores[0]}" "$base" ofrep.lua /ofrep/v1/evaluate/flags/tips.favorite-landmark)"$'\n'
    results[ofrep.bulk]+="$(measure "${stores[0]}" "$base" ofrep.lua /ofrep/v1/evaluate/flags)"$'\n'
  fi
done
echo "load after: $(uptime)"

line() {  # label key
  local column
  column() { awk -v c="$1" 'NF { print $c }' <<<"${results[$key]}"; }
  local key="$2" ratio=""
  # Each run's rate over the nginx run of the same round, then their median.
  if [[ -n "${results[nginx]:-}" && "$key" != nginx && "$key" != *.paced ]]; then
    ratio="  $(paste -d ' ' <(column 1) <(awk 'NF { print $1 }' <<<"${results[nginx]}") | awk '{ printf "%.2f\n", $1 / $2 }' | median)x nginx"
  fi
  printf '%-46s %6s req/s (runs: %s)  p99 %s ms (runs: %s)  server CPU %s us/request%s\n' "$1" \
    "$(column 1 | median)" "$(column 1 | tr '\n' ' ')" "$(column 2 | median)" "$(column 2 | tr '\n' ' ')" "$(column 3 | median)" "$ratio"
}
echo "wrk -t $threads -c $connections -d ${seconds}s --latency, median of $runs runs:"
line "nginx, a constant JSON of $size bytes" nginx
line "GET /healthz (through the router)" floor
for store in "${stores[@]}"; do line "tip status, $store store" "$store.fast"; done
line "tip status, memory store, a loop a core" default-loops
line "tip status, ${stores[0]} store, general path" general
line "tip status, ${stores[0]} store, two transients" transients
if [[ -n "$ofrep" ]]; then
  line "OFREP one flag, ${stores[0]} store" ofrep
  line "OFREP bulk (5 flags), ${stores[0]} store" ofrep.bulk
fi
# Each run's requests a second of row $1 over nginx's in the same round.
ratios() {
  paste -d ' ' <(awk 'NF { print $1 }' <<<"${results[$1]}") <(awk 'NF { print $1 }' <<<"${results[nginx]}") | awk '{ printf "%.2f\n", $1 / $2 }'
}
ratios="$(ratios "${stores[0]}.fast")"
echo "tip status (${stores[0]} store, one event loop) / nginx, each run: $(tr '\n' ' ' <<<"$ratios")median $(median <<<"$ratios")"
ratios="$(ratios default-loops)"
echo "tip status (memory store, an event loop a core) / nginx, each run: $(tr '\n' ' ' <<<"$ratios")median $(median <<<"$ratios")"
# Requests a second follow how much of the machine each server gets. The CPU time a request is
# the other side: nginx's over beckon's is the share of nginx's efficiency.
cpu_ratios="$(paste -d ' ' <(awk 'NF { print $3 }' <<<"${results[nginx]}") <(awk 'NF { print $3 }' <<<"${results[${stores[0]}.fast]}") |
  awk '$2 > 0 { printf "%.2f\n", $1 / $2 }')"
echo "server CPU a request, nginx / tip status (${stores[0]} store), each run: $(tr '\n' ' ' <<<"$cpu_ratios")median $(median <<<"$cpu_ratios")"

# Paced: at least half of the acceptance's rates (memory 20k/s, SQLite 7.5k/s, PostgreSQL as SQLite).
# wrk has no rate option: each connection waits 2 ms (paced.lua's delay()) after each answer, and
# the number of connections sets the rate (wrk's timers fire late on a busy machine, so a
# connection asks about 180 to 300 requests a second here: 110 connections give 20k to 30k/s, 25
# about 7.5k/s). The achieved rate is printed next to the p99.
declare -A paced_rate=([memory]=20000 [sqlite]=7500 [postgres]=7500)
declare -A paced_connections=([memory]=110 [sqlite]=25 [postgres]=25)
echo "paced (wrk -t $threads -c C -s paced.lua -- TIP 2), median of $runs runs:"
for run in $(seq 1 "$runs"); do
  for store in "${stores[@]}"; do
    wrk_options=(-t "$threads" -c "${paced_connections[$store]}")
    results[$store.paced]+="$(measure "$store" "http://127.0.0.1:${ports[$store]}" paced.lua favorite-landmark 2)"$'\n'
  done
done
for store in "${stores[@]}"; do line "tip status, $store store, paced (aiming at ${paced_rate[$store]}/s or more, -c ${paced_connections[$store]})" "$store.paced"; done
echo "load after: $(uptime)"
