#!/usr/bin/env bash
# Builds the calendar plugin with the one cc line a third party uses: the plugin header alone,
# libc only, no Swift. Usage: Plugins/calendar/build.sh [OUTPUT_PATH]
# (default Config/plugins/libbeckon-calendar.so, relative to the repository root).
# Works from any directory; the result appears atomically, so a concurrent loader never sees
# a half-written file.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
output="${1:-Config/plugins/libbeckon-calendar.so}"
# A relative OUTPUT_PATH is taken from the caller's directory, the default from the root.
if [[ $# -eq 0 ]]; then output="$root/$output"; fi
case "$output" in /*) ;; *) output="$PWD/$output" ;; esac

mkdir -p "$(dirname "$output")"
temporary="$(mktemp "$(dirname "$output")/.libbeckon-calendar.XXXXXX")"
trap 'rm -f "$temporary"' EXIT

cd "$root"
cc -std=c11 -shared -fPIC -fvisibility=hidden -Wl,--no-undefined -Wall -Wextra -Werror \
    -I Sources/CBeckonPlugin/include -o "$temporary" Plugins/calendar/*.c
chmod 0755 "$temporary"
mv -f "$temporary" "$output"
trap - EXIT
