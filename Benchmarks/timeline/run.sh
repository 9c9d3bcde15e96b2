#!/usr/bin/env bash
# `beckon simulate --html` at scale: a generated trace of STEPS steps (default 10,000) over SUBJECTS
# subjects (default 100) on Config/example.yaml, the page written RUNS times (default 5) by the
# release build as it ships, then opened in Chromium RUNS times. Prints the file's size, the median
# time to write it, and the median time until the page is interactive.
#
# Needs chromium (apt) and Playwright in .build/test-tools/ (bash Scripts/test.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/../.."
steps=${1:-10000}
subjects=${2:-100}
runs=${3:-5}
chromium=${BECKON_CHROMIUM:-/usr/bin/chromium}

swift build -c release --product beckon --static-swift-stdlib -Xlinker -no-pie >/dev/null
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
python3 Benchmarks/timeline/generate.py "$steps" "$subjects" > "$folder/trace.yaml"

times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  .build/release/beckon simulate "$folder/trace.yaml" --config Config/example.yaml --html "$folder/page.html" >/dev/null
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
size=$(stat -c %s "$folder/page.html")
echo "timeline: simulate --html, $steps steps over $subjects subjects: median $median ms of $runs (${times[*]} ms), $(( size / 1024 )) KiB"
.build/test-tools/bin/python Benchmarks/timeline/interactive.py "$folder/page.html" "$chromium" "$runs"
