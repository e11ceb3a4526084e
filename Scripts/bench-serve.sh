#!/usr/bin/env bash
# Preview benchmark: save → reload event (20 edits), save → page holding the edit (saves 3 s and
# 0.5 s apart), wrk load (64 connections, 10 s),
# memory over 200 edit-rebuild cycles after a 100-cycle warm-up. Targets: median <= 100 ms, 0 errors, growth < 10%.
set -euo pipefail
cd "$(dirname "$0")/.."
PRIMER=${PRIMER:-$PWD/.build/opt/release/primer}
PORT=${PORT:-8765}
python3 Scripts/bench-serve.py "$PRIMER" "$PWD/.bench/serve" "$PORT" | tee .bench/serve.txt
pid=$(grep PID .bench/serve.txt | awk '{print $2}')
echo
echo "== wrk: 64 connections for 10 s against a chapter page"
wrk -t2 -c64 -d10s "http://127.0.0.1:$PORT/en/memory.html" | tee .bench/wrk.txt
kill "$pid" 2>/dev/null || true
