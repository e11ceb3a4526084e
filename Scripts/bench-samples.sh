#!/usr/bin/env bash
# Samples benchmark: a synthetic package of 50 samples.
#   cold build+run by primer  vs  bare `swift build` + running every binary (target: within 1.2x)
#   no-change rebuild of the whole site (target: under 1 s)
#   editing one sample (target: only that sample rebuilt and rerun)
set -euo pipefail
cd "$(dirname "$0")/.."
PRIMER=${PRIMER:-$PWD/.build/opt/release/primer}
TEMPLATES=$PWD/Templates
B=.bench/samples
COUNT=${SAMPLES:-50}
JOBS=$(nproc)
rm -rf "$B"
python3 Scripts/synthetic-samples.py "$B/Content" "$COUNT"
cd "$B"

echo "== Cold: bare swift build + running the $COUNT binaries ($JOBS at a time)"
hyperfine --runs 3 --export-json bare.json \
  --prepare "rm -rf Content/Samples/.build" \
  "swift build --package-path Content/Samples >/dev/null && ls Content/Samples/Sources | xargs -P $JOBS -I{} sh -c 'Content/Samples/.build/debug/{} >/dev/null'"

echo
echo "== Cold: primer build (build, run, verify, render)"
hyperfine --runs 3 --export-json primer.json \
  --prepare "rm -rf Content/Samples/.build .primer-cache site" \
  "$PRIMER build --no-editions --templates $TEMPLATES >/dev/null 2>&1"

echo
echo "== No-change rebuild of the whole site"
$PRIMER build --no-editions --templates "$TEMPLATES" >/dev/null 2>&1
hyperfine --warmup 1 --runs 10 --export-json nochange.json "$PRIMER build --no-editions --templates $TEMPLATES"

echo
echo "== A chapter edited, every sample cached (the site is rebuilt, no sample is built or run)"
hyperfine --warmup 1 --runs 5 --export-json chapter.json \
  --prepare "echo >> Content/en/all-samples.md" "$PRIMER build --no-editions --templates $TEMPLATES"

echo
echo "== One sample edited"
one() { echo "// edit $RANDOM" >> Content/Samples/Sources/s07/main.swift; }
hyperfine --runs 5 --export-json onesample.json --prepare "echo '// edit' >> Content/Samples/Sources/s07/main.swift" \
  "$PRIMER build --no-editions --templates $TEMPLATES"
one
report=$($PRIMER build --no-editions --templates "$TEMPLATES" 2>/dev/null | grep "samples:")
echo "after editing s07: $report"

mean() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['mean'])" "$1"; }
python3 - "$(mean bare.json)" "$(mean primer.json)" "$(mean nochange.json)" "$(mean chapter.json)" "$(mean onesample.json)" "$report" "$COUNT" <<'PY'
import sys
bare, primer, nochange, chapter, one, report, count = sys.argv[1:]
bare, primer, nochange, chapter, one = map(float, (bare, primer, nochange, chapter, one))
print()
print(f"Summary for {count} samples")
print(f"  cold: swift build + run binaries  {bare:7.2f} s")
print(f"  cold: primer build                {primer:7.2f} s   {primer / bare:.2f}x of bare (target 1.2x)")
print(f"  no-change rebuild                 {nochange:7.3f} s   target 1 s")
print(f"  chapter edited, samples cached    {chapter:7.3f} s")
print(f"  one sample edited                 {one:7.2f} s   ({report.strip()})")
PY
