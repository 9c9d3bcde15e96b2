#!/usr/bin/env bash
# Instructions `beckon serve` executes a request, counted by callgrind: a figure that does not
# drift with the machine's load as requests a second do (run.sh), for comparing two builds.
#
#     bash Benchmarks/serve/instructions.sh [BECKON] [REQUESTS (2000)]
#
# BECKON is the binary to count (default: this tree's .build/release/beckon). The server runs
# under valgrind --tool=callgrind on the memory store with run.sh's configuration's tips; 100
# subjects get two landmark views each; each row sends 300 requests to warm up, then the
# counters are zeroed, REQUESTS requests are sent over one kept-alive connection (curl), and the
# counters are dumped: the row is their instructions over REQUESTS (the server's threads
# together, curl not counted). The access log is off (`--log-level warning`) unless LOG_LEVEL=info
# (the default of `beckon serve`) asks for it. With KEEP=1 the run's folder is kept and named at
# the end, its callgrind dumps (callgrind.out.PID.N, a row each) for callgrind_annotate. Needs
# valgrind, binutils' strip and curl.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
beckon="${1:-$root/.build/release/beckon}"
requests="${2:-2000}"
# The server's log level: `warning` (no access lines) unless LOG_LEVEL says `info`, as it ships.
log_level="${LOG_LEVEL:-warning}"
[[ -x "$beckon" ]] || { echo "instructions: no $beckon (swift build -c release --product beckon)" >&2; exit 66; }
command -v valgrind >/dev/null || { echo "instructions: no valgrind (apt-get install -y valgrind)" >&2; exit 69; }

folder="$(mktemp -d /tmp/beckon-serve-instructions.XXXXXX)"
server=
cleanup() {
  [[ -n "$server" ]] && { kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  if [[ -n "${KEEP:-}" ]]; then echo "kept: $folder"; else rm -rf "$folder"; fi
}
trap cleanup EXIT

printf 'version: 1\nstore: {backend: memory}\n%s\n' "$(cat "$root/Benchmarks/serve/tips.yaml")" > "$folder/memory.yaml"

# A copy without debug information (its symbols kept): valgrind cannot read the DWARF 5 the
# Swift toolchain writes.
strip --strip-debug -o "$folder/beckon" "$beckon"
cd "$folder"
valgrind --tool=callgrind --callgrind-out-file="$folder/callgrind.out.%p" \
  "$folder/beckon" serve --config "$folder/memory.yaml" --listen 127.0.0.1:0 --log-level "$log_level" 2> "$folder/serve.log" > /dev/null &
server=$!
for _ in $(seq 1 1200); do
  port="$(sed -n 's/^beckon: serving .*:\([0-9]*\)$/\1/p' "$folder/serve.log")"
  [[ -n "$port" ]] && break
  kill -0 "$server" 2>/dev/null || { cat "$folder/serve.log" >&2; exit 70; }
  sleep 0.1
done
base="http://127.0.0.1:$port"

now="$(date -u -d '1 day ago' +%Y-%m-%dT%H:%M:%SZ)"
urls=()
for i in $(seq 0 99); do
  urls+=("$base/v1/subjects/bench-$i/events/landmarkViewed/donate?now=$now" "$base/v1/subjects/bench-$i/events/landmarkViewed/donate?now=$now")
done
curl -s -f -X POST "${urls[@]}" > /dev/null

# Sends $1 requests of a row over one connection: to the path $2 (%d, if there, the subject's
# number), a GET; with a JSON body $3 (%d likewise), a POST. curl's `next` resets every option,
# so each request in the list carries its own.
send() {
  local count="$1" path="$2" body="${3:-}" list="$folder/urls"
  local quoted="${body//\"/\\\\\"}"  # each " as \\" in printf's format, \" in curl's config
  : > "$list"
  for i in $(seq 0 $((count - 1))); do
    [[ $i -gt 0 ]] && echo next >> "$list"
    echo 'silent' >> "$list"; echo 'fail' >> "$list"; echo 'output = "/dev/null"' >> "$list"
    printf "url = \"$base$path\"\n" "$((i % 100))" >> "$list"
    if [[ -n "$body" ]]; then
      echo 'header = "Content-Type: application/json"' >> "$list"
      printf "data = \"$quoted\"\n" "$((i % 100))" >> "$list"
    fi
  done
  curl -K "$list"
}

# The instructions of the last dump (callgrind.out.PID.N, the highest N), over the requests sent.
count() {
  local dump
  dump="$folder/$(ls "$folder" | grep '^callgrind\.out\.[0-9]*\.[0-9]*$' | sort -t . -k 4 -n | tail -1)"
  awk -v n="$requests" '/^(summary|totals):/ { s = $2 } END { printf "%.0f", s / n }' "$dump"
}

row() {  # label path [body]
  send 300 "$2" "${3:-}"
  callgrind_control -z "$server" > /dev/null 2>&1
  send "$requests" "$2" "${3:-}"
  callgrind_control -d "$server" > /dev/null 2>&1
  printf '%-44s %8s instructions a request\n' "$1" "$(count)"
}

echo "$("$beckon" --version 2>/dev/null || echo beckon): $requests requests a row, one kept-alive connection"
row "tip status (fast path)" "/v1/subjects/bench-%d/tips/favorite-landmark"
row "GET /healthz (through the router)" "/healthz"
row "tip status, general path (changes=false)" "/v1/subjects/bench-%d/tips/favorite-landmark?changes=false"
row "tip status, two transients" "/v1/subjects/bench-%d/tips/landmark-tour?transient=screenBrightness=0.8&transient=connection=wifi"
row "OFREP one flag" /ofrep/v1/evaluate/flags/tips.favorite-landmark '{"context":{"targetingKey":"bench-%d"}}'
row "OFREP bulk (every flag)" /ofrep/v1/evaluate/flags '{"context":{"targetingKey":"bench-%d"}}'
row "donate, now in a JSON body" /v1/subjects/bench-%d/events/appLaunched/donate "{\"now\":\"$now\"}"
