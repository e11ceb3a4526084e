#!/usr/bin/env python3
"""Preview benchmark: save → reload-event latency over 20 one-paragraph edits, and memory
after 200 edit-rebuild cycles. Runs `primer serve` on a copy of the real course."""
import http.client, os, re, shutil, statistics, subprocess, sys, threading, time

primer, workdir, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
templates = os.path.abspath("Templates")
shutil.rmtree(workdir, ignore_errors=True)
shutil.copytree("Content", workdir + "/Content", ignore=shutil.ignore_patterns(".build", ".primer-cache"))
# The server's log goes to a file: it outlives this script (wrk runs against it next), and a
# pipe closed by this script's exit would end it at its next log line (SIGPIPE).
log_path = workdir + "/serve.log"
server = subprocess.Popen([primer, "serve", "--templates", templates, "--port", str(port)], cwd=workdir,
                          stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
for attempt in range(600):
    if "serving the course" in open(log_path, encoding="utf-8").read(): break
    time.sleep(0.05)

events = []
cond = threading.Condition()
def listen():
    for attempt in range(100):  # the server may still be binding its port
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port)
            conn.request("GET", "/__primer/events")
            response = conn.getresponse()
            break
        except ConnectionRefusedError:
            time.sleep(0.05)
    while True:
        line = response.fp.readline()
        if not line: return
        if line.startswith(b"event: reload"):
            with cond:
                events.append(time.monotonic()); cond.notify_all()
threading.Thread(target=listen, daemon=True).start()
time.sleep(1.0)

chapter = workdir + "/Content/en/memory.md"
original = open(chapter, encoding="utf-8").read()
paragraph = "If you learned iOS from the Objective-C books"
def edit(n):
    text = original.replace(paragraph, f"If you learned iOS (edit {n}) from the Objective-C books", 1)
    with cond:
        seen = len(events)
        start = time.monotonic()
        with open(chapter, "w", encoding="utf-8") as f: f.write(text)
        if not cond.wait_for(lambda: len(events) > seen, timeout=10): return None
        return (events[seen] - start) * 1000

def rss():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1])

latencies = [edit(n) for n in range(20)]
latencies = [l for l in latencies if l is not None]
latencies.sort()
print(f"save -> reload event over {len(latencies)} edits: median {statistics.median(latencies):.0f} ms, "
      f"p95 {latencies[int(0.95 * (len(latencies) - 1))]:.0f} ms, min {latencies[0]:.0f} ms, max {latencies[-1]:.0f} ms"
      f"   goal: median <= 100 ms")
first = None
for n in range(200):
    edit(1000 + n)
    if n == 0: first = rss()
last = rss()
print(f"RSS after cycle 1: {first / 1024:.1f} MB, after cycle 200: {last / 1024:.1f} MB ({(last - first) * 100 / first:+.1f}%)"
      f"   goal: under +10%")
open(chapter, "w", encoding="utf-8").write(original)
time.sleep(0.3)
print(f"PID {server.pid}")
