#!/usr/bin/env bash
# The test suite under AddressSanitizer, and UndefinedBehaviorSanitizer for the C it compiles:
#
#     bash Scripts/sanitizers.sh [swift test options, e.g. --filter BeckonCTests]
#
# 1. Builds Beckon and its tests with -sanitize=address into .build-asan/ (a build of its own:
#    about 7 minutes on two cores the first time).
# 2. Runs the tests so that what they build and start is checked too: the C plugins and C hosts
#    they compile with `cc` are built by the toolchain's clang with -fsanitize=address,undefined,
#    the `beckon` processes they start are the instrumented ones, and the Python hosts that load
#    libbeckon.so load it with the ASan runtime preloaded.
# 3. Fails when a test fails or when any process wrote a sanitizer report (they go to
#    .build-asan/reports/, printed at the end).
#
# Left out (--skip, listed below): 13 tests that check plugin files themselves, or run what
# does, and instrumented builds change them: `beckon plugin verify` rightly refuses an
# instrumented plugin (its undefined __asan_* symbols, the linker's extra exports), and an
# instrumented build is not byte-for-byte reproducible (the pin digests); and the answer-members
# check, which runs its Python from the test tools' environment, where the runtime is not
# preloaded.
#
# ThreadSanitizer is not run: on Linux, Swift's Mutex takes a contended lock in the kernel (a
# priority-inheritance futex) where TSan cannot see it, so TSan reports every state a Mutex
# guards as raced (two threads incrementing a counter under a Mutex are enough to show it).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/setup.sh
need_test_suite

scratch=.build-asan
toolchain="$(dirname "$(command -v swiftc)")"
runtime="$("$toolchain/clang" -print-file-name=libclang_rt.asan-x86_64.so)"
wrappers="$PWD/$scratch/sanitizer-wrappers"
reports="$PWD/$scratch/reports"

swift build --build-tests --scratch-path "$scratch" -Xswiftc -sanitize=address -Xcc -fsanitize=address

# `cc` as the tests call it: instrumented, and without -Wl,--no-undefined, since the sanitizer
# runtime an instrumented plugin calls is in the process that loads it.
mkdir -p "$wrappers"
cat > "$wrappers/cc" <<EOF
#!/usr/bin/env bash
arguments=()
for argument in "\$@"; do [ "\$argument" = -Wl,--no-undefined ] || arguments+=("\$argument"); done
exec "$toolchain/clang" -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer "\${arguments[@]}"
EOF
# `python3` as the tests call it, with the runtime libbeckon.so needs loaded first.
cat > "$wrappers/python3" <<EOF
#!/usr/bin/env bash
PATH="$PATH" LD_PRELOAD="$runtime" exec python3 "\$@"
EOF
chmod +x "$wrappers/cc" "$wrappers/python3"

rm -rf "$reports"
mkdir -p "$reports"
# The tests left out (see above), by function name.
skipped=(
  theShippedPluginsPass aBrokenPluginExits1AndSaysWhy thePluginPassesVerify   # verify refuses instrumented plugins
  goodPluginPasses eachDefectIsCaughtByItsCheck damagedFiles linksOnlyLibc      # a plugin's symbols, read and checked
  permissionsAreANote                                                          # verify, of a plugin anyone may write
  aNewStoreBuildsAndPassesTheStoreContract aNewCPluginBuildsWithEveryWarningAnErrorAndPassesItsTest  # verify, after `plugin new`
  everyLinkResolvesAndEveryExampleRunsOrChecks                                 # a documents' example runs verify
  pinPrintsEachEntryWithItsDigestAndThePinLoads                                # digests of two builds of one plugin
  theCAPIAnswersEveryOperationWithTheTableMembers                              # Python from the test tools' environment
)
# Leaks are not looked for (what a process keeps for its life is freed by its exit), and a
# crash stays a signal, as the tests of crashing plugins expect.
status=0
PATH="$wrappers:$PATH" \
  ASAN_OPTIONS="detect_leaks=0:handle_segv=0:handle_abort=0:verify_asan_link_order=0:log_path=$reports/asan" \
  UBSAN_OPTIONS="print_stacktrace=1:log_path=$reports/ubsan" \
  swift test --skip-build --scratch-path "$scratch" --skip "$(IFS="|"; echo "${skipped[*]}")" "$@" || status=$?
# The suite builds the example's plugin into Config/plugins/ with the `cc` it finds, here the
# instrumented one, which a plain `beckon` cannot load: built again as the demo builds it.
bash Plugins/calendar/build.sh Config/plugins/libbeckon-calendar.so > /dev/null || status=1

if [ -n "$(ls -A "$reports")" ]; then
  echo "sanitizers: reports were written:" >&2
  cat "$reports"/* >&2
  exit 1
fi
echo "sanitizers: no report"
exit "$status"
