#!/usr/bin/env bash
# Beckon's main job on the example configuration with the embedded SQLite store: a host asks, call
# after call, what subject "ada" should see now, and records what happened. Every call is a new
# process; the state lives in Config/state/beckon.db (removed first, so the demo starts fresh).
set -euo pipefail
cd "$(dirname "$0")/.."
# What the build needs and the machine lacks: installed as root, else named in one line.
source Scripts/setup.sh
need_debian_packages "${beckon_build_packages[@]}"

# The CLI as it ships (Docs/cli.md): release, Swift runtime linked in.
swift build -c release --product beckon --static-swift-stdlib -Xlinker -no-pie
beckon="$(swift build -c release --show-bin-path)/beckon"
# The example's calendar plugin, built the way any third party builds one: plain cc, the header.
bash Plugins/calendar/build.sh Config/plugins/libbeckon-calendar.so
rm -f Config/state/beckon.db Config/state/beckon.db-wal Config/state/beckon.db-shm

# Runs one beckon call as ada at the given instant, printing the command, its output and a
# non-zero exit code (1 is a negative answer, not an error).
at() {
  local now="$1"; shift
  echo "\$ beckon $* --now $now"
  local status=0
  "$beckon" "$@" --config Config/example.yaml --subject ada --now "$now" || status=$?
  [ "$status" -eq 0 ] || echo "(exit $status)"
  echo
}

echo "\$ beckon plugins"
"$beckon" plugins --config Config/example.yaml
echo
at 2026-03-01T09:00:00Z status
at 2026-03-01T09:00:05Z tip display welcome
at 2026-03-01T09:00:10Z param set isLoggedIn true
for minute in 10 20 30; do
  at "2026-03-01T09:${minute}:00Z" event donate landmarkViewed --info landmark=Eiffel --info fromSearch=true
done
at 2026-03-01T09:31:00Z tip status favorite-landmark
# The same answer in the user's language: de-CH finds the German texts (RFC 4647 lookup).
at 2026-03-01T09:31:01Z tip status favorite-landmark --locale de-CH --json
at 2026-03-02T09:31:00Z explain tip favorite-landmark
at 2026-03-02T09:31:05Z tip display favorite-landmark
for day in 02 03 04 05 06; do
  at "2026-03-${day}T12:00:00Z" scenario trigger ask-for-review
done
at 2026-03-06T12:00:05Z scenario try ask-for-review
at 2026-03-09T12:00:00Z scenario try ask-for-review
at 2026-03-09T12:00:05Z scenario try ask-for-review
at 2026-03-09T12:01:00Z whatsnew present
at 2026-03-09T12:02:00Z whatsnew present
at 2026-03-09T12:03:00Z status
# A template fills in the user's own count, in each language's plural forms.
for hour in 13 14 15; do
  at "2026-03-09T${hour}:00:00Z" event donate appLaunched
done
at 2026-03-09T15:00:05Z tip status offline-maps --json
at 2026-03-09T15:00:06Z tip status offline-maps --json --locale 'fr, de;q=0.8'
