#!/usr/bin/env bash
# The lab (docs/lab.md), as CI can afford it, and the promise that it leaves the machine's network as it
# found it:
#   1. a small grid through the model and the lab in both engines (the lab grid: 100 tiles of 20 KB, 50 ms, no loss,
#      NewReno, one load and no warm-up; both engines' legs of the model checked here), then no network namespace,
#      TUN device, process or changed sysctl of the run;
#   2. a run killed (SIGKILL to Maven alone, as an IDE's or a CI's hard stop) while Chromium loads pages
#      through the lab under CUBIC (which the machine allows only for a moment), and within a minute the same.
# Needs root, as the lab does. Uses the distribution's Maven, as CI's other comparison steps do.
set -euo pipefail
cd "$(dirname "$0")/.."

LOG=target/lab-killed.log
mkdir -p target
mvn_pid=""

fail() { echo "lab: FAIL: $*" >&2; exit 1; }

cleanup() {
  if [ -n "$mvn_pid" ] && kill -0 "$mvn_pid" 2>/dev/null; then
    kill -KILL -- "-$mvn_pid" 2>/dev/null || true
  fi
}
trap cleanup EXIT

# What the lab may change and must leave as it was: network namespaces, TUN devices, the two sysctls.
state() {
  echo "network namespaces: $(lsns -t net -n -o NS | sort | tr '\n' ' ')"
  echo "TUN devices: $(ip -o link show type tun | wc -l)"
  echo "allowed: $(cat /proc/sys/net/ipv4/tcp_allowed_congestion_control)"
  echo "default: $(cat /proc/sys/net/ipv4/tcp_congestion_control)"
}

# The run's own processes: the lab's JVM, its server (target/lab-server) and the browsers it drove.
lab_processes() { pgrep -af 'comparison\.lab\.LabRun|target/lab-server|chromium-profile|firefox-profile' || true; }

# Within a minute, the machine as it was and none of the run's processes.
expect_nothing_left() {
  for _ in $(seq 60); do
    if [ "$(state)" = "$before" ] && [ -z "$(lab_processes)" ]; then
      echo "lab: nothing of the run is left ($(state | tr '\n' ';'))"
      return 0
    fi
    sleep 1
  done
  echo "before:"; echo "$before"; echo "now:"; state; echo "processes:"; lab_processes
  fail "$1 left something behind"
}

before=$(state)
[ -z "$(lab_processes)" ] || fail "processes of an earlier lab run are still there: $(lab_processes)"

echo "== the lab, a small grid beside the model"
# one load a cell and no warm-up (a check of the wiring, not a figure); the model with and without its receive window
mvn -B verify -Pgatling -Dcomparison.grid=lab -DskipTests -DskipITs -Dcomparison.losses=0 -Dcomparison.ccs=reno \
  -Dcomparison.loads=1 -Dcomparison.loads.max=1 -Dcomparison.warmup.loads=0 -Dcomparison.rwnds=on,off \
  -Dcomparison.browsers=chromium,firefox
grep -q "The model against the lab" target/comparison/results.md || fail "the report has no model against the lab"
grep -q "points without the model's receive window" target/comparison/results.md \
  || fail "the model without its receive window is not set beside the lab"
# each engine: its packets per page counted in the lab; in its leg of the model (CI's only Firefox leg) the browser's
# speed, its loads of the page on loopback, and what each page cost it (BrowserCpu; Firefox runs HTTP in its
# parent, no network process apart)
for engine in chromium firefox; do
  grep -q '"packetsDown" : [1-9]' "target/comparison/$engine-lab.json" || fail "the lab counted no packets per page in $engine"
  grep -q '"client speed" : "the page on loopback: HTTP/1.1 over TLS [0-9]' "target/comparison/$engine.json" || fail "$engine.json has no client speed"
  grep -q '"browserCpuMillis" : [1-9]' "target/comparison/$engine.json" || fail "$engine.json counts no browserCpuMillis"
done
grep -q '"networkCpuMillis" : [1-9]' target/comparison/chromium.json || fail "chromium.json counts no networkCpuMillis"
grep -q "lab server's TCP senders, HTTP/2 over TLS at 50 ms" target/comparison/chromium-lab.json \
  || fail "the lab did not read its server's senders (ss -ti)"
grep -q "model's TCP senders, HTTP/2 over TLS at 50 ms.*waited on the browser's receive window" target/comparison/chromium.json \
  || fail "the model did not report its senders' receive-window waits"
expect_nothing_left "the lab's run"

echo "== the lab, killed while it loads pages"
# HTTP/2 alone: its model leg, which runs first, is then over sooner; six loads a cell in the lab, so that its leg still
# loads when the kill comes 3 s after it began (one load a cell was over by then on a fast day, 2026-11-29)
setsid mvn -B verify -Pgatling -Dcomparison.grid=lab -DskipTests -DskipITs -Dcomparison.losses=0 -Dcomparison.ccs=cubic \
  -Dcomparison.doors=HTTP_2_TLS -Dcomparison.loads=6 -Dcomparison.loads.max=6 -Dcomparison.warmup.loads=0 >"$LOG" 2>&1 &
mvn_pid=$!
for _ in $(seq 900); do
  grep -q "chromium-lab: round trips measured" "$LOG" && break
  kill -0 "$mvn_pid" 2>/dev/null || { tail -n 30 "$LOG"; fail "the lab run ended before it loaded a page"; }
  sleep 0.5
done
grep -q "chromium-lab: round trips measured" "$LOG" || fail "the lab did not start loading within 7.5 minutes"
sleep 3
echo "lab: Maven (PID $mvn_pid) killed while the lab loads pages"
kill -KILL "$mvn_pid"
expect_nothing_left "the killed lab"
