#!/usr/bin/env bash
# `make bench`: how long the book editions (EPUB and the Typst PDF) take to make, from a cold
# editions cache: per locale of the real course, and for the synthetic 1,002-page course against
# the HTML build of the same course. The time is the `editions` stage of `primer build --verbose`.
set -euo pipefail
cd "$(dirname "$0")/.."
PRIMER=${PRIMER:-.build/opt/release/primer}
OUT=${TMPDIR_FAST:-/dev/shm}/primer-bench-editions
RUNS=${RUNS:-3}

# stage NAME: the stage's milliseconds in the --verbose output on stdin.
stage() { awk -v name="$1" '$1 == name { print $2 }'; }
median() { python3 -c 'import statistics, sys; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

echo "== Book editions of the real course, per locale (cold editions cache, median of $RUNS)"
printf "  %-8s %10s %10s %12s %12s\n" locale "editions" "html build" "epub size" "pdf size"
for locale in en ru zh-Hans; do
  editions=(); totals=()
  for _ in $(seq "$RUNS"); do
    rm -rf "$OUT" "$(dirname "$OUT")/.primer-cache/editions"
    start=$(date +%s%N)
    ms=$($PRIMER build --no-search --locale "$locale" --output "$OUT" --verbose 2>/dev/null | stage editions)
    end=$(date +%s%N)
    editions+=("$ms"); totals+=("$(( (end - start) / 1000000 ))")
  done
  e=$(median "${editions[@]}"); t=$(median "${totals[@]}")
  epub=$(stat -c %s "$OUT/$locale"/downloads/*.epub); pdf=$(stat -c %s "$OUT/$locale"/downloads/*.pdf)
  pages=$(pdfinfo "$OUT/$locale"/downloads/*.pdf 2>/dev/null | awk '/^Pages:/ { print $2 }')
  printf "  %-8s %7.0f ms %7.0f ms %9d KB %9d KB  (%s pages; the whole build %.0f ms)\n" "$locale" "$e" "$(python3 -c "print($t - $e)")" \
    $((epub / 1000)) $((pdf / 1000)) "$pages" "$t"
done

BENCH=.bench
if [ ! -d "$BENCH/Content" ]; then python3 Scripts/synthetic-course.py "$BENCH/Content" 334 >/dev/null; fi
echo
echo "== Book editions of the synthetic course ($(find "$BENCH/Content" -name '*.md' | wc -l) chapters), one run each"
rm -rf "$OUT" "$(dirname "$OUT")/.primer-cache"
html_start=$(date +%s%N)
$PRIMER build --no-search --no-editions --content "$BENCH/Content" --output "$OUT" >/dev/null 2>&1
html=$(( ($(date +%s%N) - html_start) / 1000000 ))
rm -rf "$OUT" "$(dirname "$OUT")/.primer-cache"
editions=$(/usr/bin/time -f %M -o "$OUT.rss" $PRIMER build --no-search --content "$BENCH/Content" --output "$OUT" --verbose 2>/dev/null | stage editions || true)
rss=$(cat "$OUT.rss" 2>/dev/null || echo 0); rm -f "$OUT.rss"
for locale in en ru zh-Hans; do
  pdf=$(ls "$OUT/$locale"/downloads/*.pdf 2>/dev/null || true)
  [ -n "$pdf" ] && echo "  $locale: $(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }') PDF pages, $(( $(stat -c %s "$pdf") / 1000000 )) MB PDF, $(( $(stat -c %s "$OUT/$locale"/downloads/*.epub) / 1000 )) KB EPUB"
done
python3 - "$html" "${editions:-0}" "$rss" <<'PY'
import sys
html, editions, rss = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]) / 1024 / 1024
print(f"  HTML build {html / 1000:6.2f} s; the editions of all three locales {editions / 1000:6.2f} s: {editions / html:.1f}x the HTML build")
print(f"  peak memory with the editions {rss:.1f} GB (Typst's, one book at a time)")
PY
rm -rf "$OUT" "$(dirname "$OUT")/.primer-cache"
