#!/usr/bin/env bash
# The whole test suite, set-up included: the README's test command, and what CI runs.
#
#     bash Scripts/test.sh [swift test options, e.g. --filter ServeTests]
#
# 1. Installs what the suite needs and the machine lacks (Scripts/setup.sh): the build's Debian
#    packages, the PostgreSQL server the tests start themselves (installing it starts no server
#    they use), Chromium for the browser tests, and the Python tools in .build/test-tools/.
# 2. Builds the package and its tests, and fails on any warning from Beckon's own code.
# 3. Runs the tests (with the options given).
# 4. With no options, builds the release configuration too, and fails on any warning there, and
#    builds the DocC reference of Beckon and BeckonPluginKit, failing on any warning.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/setup.sh
need_test_suite

# Builds with "$@" and stops when the compiler warned about a file of this repository (warnings
# from the packages under .build/ are theirs).
build_without_warnings() {
  local log status=0 own
  log="$(mktemp)"
  swift build "$@" 2>&1 | tee "$log" || status=$?
  own="$(grep -E "^$PWD/[^ ]*:[0-9]+:[0-9]+: warning:" "$log" | grep -v "^$PWD/\.build" | sort -u || true)"
  rm -f "$log"
  [ "$status" -eq 0 ] || exit "$status"
  if [ -n "$own" ]; then
    echo "test: the build warned about Beckon's own code (swift build $*):" >&2
    echo "$own" >&2
    exit 1
  fi
}

build_without_warnings --build-tests
swift test --skip-build "$@"
if [ $# -eq 0 ]; then
  build_without_warnings -c release
  swift package --disable-sandbox generate-documentation --target Beckon --target BeckonPluginKit --warnings-as-errors
fi
