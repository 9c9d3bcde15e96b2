#!/usr/bin/env bash
# Fuzzes Beckon's readers of bytes from outside with libFuzzer, under AddressSanitizer (and
# UndefinedBehaviorSanitizer for C), each target for SECONDS (default 60):
#
#     bash Fuzz/run.sh [SECONDS] [TARGET ...]
#
# Targets (all by default):
#   calendar-config  the calendar plugin's config JSON (calendar.c, -DFUZZ_CONFIG)
#   calendar-tzif    the calendar plugin's TZif files (calendar.c, -DFUZZ_TZIF)
#   core             BeckonCore's JSON parser and stored-record and donation-info decoders (core.swift)
#
# Builds with the Swift toolchain (its clang ships libFuzzer) into .build/fuzz/: the C targets
# with the plugin's sources, the Swift one with BeckonDiagnostics, BeckonRules and BeckonCore
# compiled by swiftc with the fuzzer's coverage (their upcoming features as Package.swift names
# them). Seeds each target (the README's calendar configurations, a few zones of $TZDIR or
# /usr/share/zoneinfo, a small JSON value, record and info) and keeps what each run learned there
# for the next. Exits non-zero, with libFuzzer's report, when a target traps, reads out of bounds
# or meets undefined behaviour; the input that did it is kept as .build/fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(calendar-config calendar-tzif core)
toolchain="$(dirname "$(command -v swiftc)")"
folder=.build/fuzz
zoneinfo="${TZDIR:-/usr/share/zoneinfo}"
mkdir -p "$folder"

build_calendar() { # target, macro
  "$toolchain/clang" -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -D"$2" \
    -I Sources/CBeckonPlugin/include -o "$folder/$1" Fuzz/calendar.c Plugins/calendar/calendar_{config,json,zone,date,text}.c
}

build_core() {
  local modules="$folder/core-modules" flags=()
  for feature in $(grep -o 'enableUpcomingFeature("[A-Za-z]*")' Package.swift | sed 's/.*("\(.*\)")/\1/' | sort -u); do
    flags+=(-enable-upcoming-feature "$feature")
  done
  flags+=(-swift-version 6 -package-name beckon -parse-as-library -O -g -sanitize=fuzzer,address -I "$modules")
  mkdir -p "$modules"
  for module in BeckonDiagnostics BeckonRules BeckonCore; do
    swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$modules/$module.swiftmodule" \
      -emit-library -static -o "$modules/lib$module.a" $(find "Sources/$module" -name '*.swift')
  done
  swiftc "${flags[@]}" -o "$folder/core" Fuzz/core.swift "$modules"/libBeckon{Core,Rules,Diagnostics}.a
}

seed() { # target
  local corpus="$folder/$1-corpus"
  mkdir -p "$corpus"
  case "$1" in
    calendar-config)
      printf '\001{"timeZone": "Europe/Berlin", "holidays": ["2026-12-25", "2027-01-01"], "weekend": [6, 7]}' > "$corpus/berlin"
      printf '\000{"timeZone": "+05:30", "holidays": [], "weekend": [5]}' > "$corpus/offset"
      printf '\001null' > "$corpus/null" ;;
    calendar-tzif)
      for zone in UTC Europe/Berlin America/New_York Australia/Lord_Howe Asia/Kolkata Pacific/Chatham; do
        if [ -f "$zoneinfo/$zone" ]; then cp -L "$zoneinfo/$zone" "$corpus/${zone//\//_}"; fi
      done ;;
    core)
      printf '\000{"a": [1, 2.5e3, "x\\u00e9", true, null], "b": {}}' > "$corpus/json"
      printf '\001\001\000\000\000\000\000\000' > "$corpus/record"
      printf '\001\001\001\141\000\000\000\000\000\000' > "$corpus/parameter"
      printf '\002\001\001\011\001\000' > "$corpus/info" ;;
  esac
}

for target in "${targets[@]}"; do
  case "$target" in
    calendar-config) build_calendar "$target" FUZZ_CONFIG ;;
    calendar-tzif) build_calendar "$target" FUZZ_TZIF ;;
    core) build_core ;;
    *) echo "fuzz: no target '$target' (calendar-config, calendar-tzif, core)" >&2; exit 64 ;;
  esac
  seed "$target"
  echo "fuzz: $target for ${seconds}s"
  (cd "$folder" && SWIFT_BACKTRACE=enable=no "./$target" -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 "$target-corpus")
done
echo "fuzz: no failure"
