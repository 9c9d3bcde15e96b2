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
#   config           a beckon.yaml loaded and its diagnostics rendered as `beckon check` does (config.swift)
#
# Builds with the Swift toolchain (its clang ships libFuzzer) into .build/fuzz/: the C targets
# with the plugin's sources, the Swift ones with the modules they read compiled by swiftc with
# the fuzzer's coverage (their upcoming features as Package.swift names them; for `config`, the
# ICU shim by clang++ too, and the system's libyaml and ICU linked as they are). Seeds each
# target (the README's calendar configurations, a few zones of $TZDIR or /usr/share/zoneinfo, a
# small JSON value, record and info, the example configuration and the loader's test fixtures)
# and keeps what each run learned there for the next. Exits non-zero, with libFuzzer's report,
# when a target traps, reads out of bounds or meets undefined behaviour; the input that did it is
# kept as .build/fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(calendar-config calendar-tzif core config)
toolchain="$(dirname "$(command -v swiftc)")"
folder=.build/fuzz
zoneinfo="${TZDIR:-/usr/share/zoneinfo}"
mkdir -p "$folder"

build_calendar() { # target, macro
  "$toolchain/clang" -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -D"$2" \
    -I Sources/CBeckonPlugin/include -o "$folder/$1" Fuzz/calendar.c Plugins/calendar/calendar_{config,json,zone,date,text}.c
}

# Compiles the Swift modules named, in order, into static libraries in $folder/modules (each once
# a run), then the target's harness Fuzz/TARGET.swift linked to them and to what follows `--`.
declare -A built
build_swift() { # target, module..., --, link flag...
  local target="$1" modules="$folder/modules" flags=() libraries=()
  shift
  for feature in $(grep -o 'enableUpcomingFeature("[A-Za-z]*")' Package.swift | sed 's/.*("\(.*\)")/\1/' | sort -u); do
    flags+=(-enable-upcoming-feature "$feature")
  done
  flags+=(-swift-version 6 -package-name beckon -parse-as-library -O -g -sanitize=fuzzer,address)
  flags+=(-I "$modules" -I Sources/CYAML -I "$modules/CBeckonICU")
  mkdir -p "$modules"
  while [ "$1" != "--" ]; do
    if [ -z "${built[$1]:-}" ]; then
      swiftc "${flags[@]}" -module-name "$1" -emit-module -emit-module-path "$modules/$1.swiftmodule" \
        -emit-library -static -o "$modules/lib$1.a" $(find "Sources/$1" -name '*.swift')
      built[$1]=1
    fi
    libraries=("$modules/lib$1.a" "${libraries[@]}")
    shift
  done
  shift
  swiftc "${flags[@]}" -o "$folder/$target" "Fuzz/$target.swift" "${libraries[@]}" "$@"
}

# The ICU shim (C++), with the fuzzer's coverage, and a module map for BeckonContent to import it.
build_icu_shim() {
  local modules="$folder/modules"
  mkdir -p "$modules/CBeckonICU"
  for source in Sources/CBeckonICU/*.cpp; do
    "$toolchain/clang++" -std=c++17 -g -O1 -fsanitize=fuzzer-no-link,address -I Sources/CBeckonICU/include \
      -c "$source" -o "$modules/$(basename "$source" .cpp).o"
  done
  ar rcs "$modules/libCBeckonICU.a" "$modules"/{beckon_icu,message_plan}.o
  printf 'module CBeckonICU {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CBeckonICU/include/beckon_icu.h" \
    > "$modules/CBeckonICU/module.modulemap"
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
    config)
      for file in Config/*.yaml $(find Tests/BeckonConfigTests/Fixtures -name '*.yaml'); do
        cp "$file" "$corpus/$(echo "$file" | tr / _)"
      done ;;
  esac
}

for target in "${targets[@]}"; do
  case "$target" in
    calendar-config) build_calendar "$target" FUZZ_CONFIG ;;
    calendar-tzif) build_calendar "$target" FUZZ_TZIF ;;
    core) build_swift core BeckonDiagnostics BeckonRules BeckonCore -- ;;
    config)
      build_icu_shim
      build_swift config BeckonDiagnostics BeckonRules BeckonCore BeckonContent BeckonConfig -- \
        "$folder/modules/libCBeckonICU.a" $(pkg-config --libs yaml-0.1 icu-i18n) -lstdc++ ;;
    *) echo "fuzz: no target '$target' (calendar-config, calendar-tzif, core, config)" >&2; exit 64 ;;
  esac
  seed "$target"
  echo "fuzz: $target for ${seconds}s"
  (cd "$folder" && SWIFT_BACKTRACE=enable=no "./$target" -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 "$target-corpus")
done
echo "fuzz: no failure"
