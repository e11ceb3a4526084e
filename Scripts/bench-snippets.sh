#!/usr/bin/env bash
# Snippets benchmark: 200 `{compile}` snippets (declarations, ten to a chapter).
#   cold: primer check (every snippet type-checked) vs one `swift build` of the same code as a
#         single package (one target, a file per snippet): the ratio is the figure
#   nothing changed: primer check again (no compiler runs at all)
set -euo pipefail
cd "$(dirname "$0")/.."
PRIMER=${PRIMER:-$PWD/.build/opt/release/primer}
TEMPLATES=$PWD/Templates
B=.bench/snippets
COUNT=${SNIPPETS:-200}
rm -rf "$B"
python3 Scripts/synthetic-snippets.py "$B" "$COUNT"
cd "$B"

echo "== Cold: one swift build of the same code as a single package"
hyperfine --runs 3 --export-json peer.json --prepare "rm -rf peer/.build" "swift build --package-path peer >/dev/null"

echo
echo "== Cold: primer check ($COUNT snippets type-checked)"
hyperfine --runs 3 --export-json cold.json --prepare "rm -rf .primer-cache" \
  "$PRIMER check --templates $TEMPLATES --output site >/dev/null 2>&1"

echo
echo "== Nothing changed: primer check"
$PRIMER check --templates "$TEMPLATES" --output site >/dev/null 2>&1
hyperfine --warmup 1 --runs 10 --export-json nochange.json "$PRIMER check --templates $TEMPLATES --output site"
report=$($PRIMER check --templates "$TEMPLATES" --output site 2>/dev/null | grep -E "samples:|listings:" | tr '\n' ' ')

mean() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['mean'])" "$1"; }
python3 - "$(mean peer.json)" "$(mean cold.json)" "$(mean nochange.json)" "$report" "$COUNT" <<'PY'
import sys
peer, cold, nochange, report, count = sys.argv[1:]
peer, cold, nochange = map(float, (peer, cold, nochange))
print()
print(f"Summary for {count} compile-only snippets")
print(f"  cold: swift build, one package      {peer:7.2f} s")
print(f"  cold: primer check                  {cold:7.2f} s   {cold / peer:.2f}x of one swift build")
print(f"  nothing changed: primer check       {nochange:7.3f} s   ({report.strip()})")
PY
