#!/usr/bin/env bash
# A cold `beckon tip status` against the floor of any Swift program: ONE `hyperfine -N` run over
# a static Swift "hello" (`print("hello")`, `swiftc -O -static-stdlib`), beckon on a one-tip
# SQLite configuration and beckon on Config/example.yaml (SQLite and the calendar plugin), then
# the ratio of each median to the hello's from that same run. hyperfine times each command's runs
# in turn (not interleaved): on a busy machine, run it several times.
#
#     bash Benchmarks/cold/run.sh [runs per command (300)]
#
# Builds no beckon itself: it times the CLI as it ships, built first with
#     swift build -c release --product beckon --static-swift-stdlib -Xlinker -no-pie
#     bash Plugins/calendar/build.sh Config/plugins/libbeckon-calendar.so
# BECKON=path times another binary. Needs hyperfine (Debian package `hyperfine`) and jq.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
beckon="${BECKON:-$root/.build/release/beckon}"
runs="${1:-300}"
build='swift build -c release --product beckon --static-swift-stdlib -Xlinker -no-pie && bash Plugins/calendar/build.sh Config/plugins/libbeckon-calendar.so'

[[ -x "$beckon" ]] || { echo "run: build first: $build" >&2; exit 66; }
[[ -f "$root/Config/plugins/libbeckon-calendar.so" ]] || { echo "run: build the calendar plugin first: $build" >&2; exit 66; }
# The build as it ships is position-dependent: a plain release build is not timed in its place.
[[ -n "${BECKON:-}" ]] || readelf -h "$beckon" | grep -q 'EXEC (Executable' || { echo "run: $beckon is not built as it ships: $build" >&2; exit 66; }
command -v hyperfine >/dev/null || { echo "run: no hyperfine (apt-get install -y hyperfine)" >&2; exit 69; }
command -v jq >/dev/null || { echo "run: no jq (apt-get install -y jq)" >&2; exit 69; }

folder="$(mktemp -d /tmp/beckon-bench-cold.XXXXXX)"
trap 'rm -rf "$folder"' EXIT

echo 'print("hello")' > "$folder/hello.swift"
swiftc -O -static-stdlib "$folder/hello.swift" -o "$folder/hello"

cat > "$folder/one-tip.yaml" <<'YAML'
version: 1
store: {backend: sqlite, path: beckon.db}
tips:
  welcome:
    title: Welcome
    message: Browse famous places near you.
YAML

# The stores exist before timing starts: every timed call reads an existing file, as a host's do.
now=2026-03-01T09:00:00Z
one="$beckon tip status welcome --config $folder/one-tip.yaml --now $now"
example="$beckon tip status welcome --config $root/Config/example.yaml --now $now"
$one >/dev/null
$example >/dev/null

uptime
hyperfine -N --warmup 20 --runs "$runs" --export-json "$folder/runs.json" \
  -n hello "$folder/hello" \
  -n 'tip status, one-tip SQLite' "$one" \
  -n 'tip status, Config/example.yaml' "$example"
uptime

echo
echo "medians from this run (user and system: means), each against the static hello's median:"
jq -r '.results as $r | ($r[0].median) as $hello
  | def ms: . * 1000 * 100 | round / 100;
  $r[] | "\(.command): \(.median | ms) ms (user \(.user | ms) ms, system \(.system | ms) ms), \(.median / $hello * 100 | round / 100)× hello"' \
  "$folder/runs.json"
