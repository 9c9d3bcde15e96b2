#!/usr/bin/env bash
# Regenerates Docs/beckon.1, beckon's man page, from the command definitions.
#
# swift-argument-parser's GenerateManual plugin builds the package (debug, so that an existing
# `swift build` is reused) and runs its `generate-manual` tool on the built `beckon`'s
# `--experimental-dump-help`. The tool's EXIT STATUS section is the generic "0 on success, >0
# on error"; beckon's codes differ (1 is a negative answer), so that section is then rewritten
# from the root command's "Exit codes:" discussion, read from the same dump.
#
# Usage: Docs/generate-manual.sh [--date YYYY-MM-DD]   (default: today, UTC)
set -euo pipefail
cd "$(dirname "$0")/.."

date=$(date -u +%Y-%m-%d)
if [[ "${1:-}" == "--date" ]]; then date=$2; fi

stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
swift package --disable-sandbox plugin generate-manual --configuration debug --date "$date" >&2

page=$(find .build/plugins -name beckon.1 -newer "$stamp" -print -quit)
if [[ -z "$page" ]]; then
    echo "generate-manual.sh: the plugin wrote no beckon.1 under .build/plugins" >&2
    exit 1
fi

beckon=$(swift build --configuration debug --show-bin-path)/beckon
"$beckon" --experimental-dump-help | python3 -c '
import json, re, sys
page = open(sys.argv[1]).read()
discussion = json.load(sys.stdin)["command"].get("discussion", "")
match = re.search(r"Exit codes: (.*?)\.\s*$", discussion, re.S)
if not match:
    sys.exit("generate-manual.sh: the root command'"'"'s discussion has no \"Exit codes: …\" sentence")
items = [" ".join(item.split()) for item in match.group(1).split(", ")]
lines = [".Sh EXIT STATUS", ".Bl -tag -width 4n"]
for item in items:
    code, meaning = item.split(" ", 1)
    lines += [".It " + code, meaning[0].upper() + meaning[1:] + "."]
lines.append(".El")
rewritten, count = re.subn(r"^\.Sh \"?EXIT STATUS\"?\n(?:(?!\.Sh ).*(?:\n|$))*", "\n".join(lines) + "\n", page, flags=re.M)
if count != 1:
    sys.exit("generate-manual.sh: the generated page has no EXIT STATUS section")
open("Docs/beckon.1", "w").write(rewritten)
' "$page"
echo "wrote Docs/beckon.1" >&2
