#!/usr/bin/env bash
# End-to-end check of docs/cluster.md's command, ./mvnw -Pcluster package exec:java@cluster, as a person uses it:
# the balancer answers over HTTP/2 (curl), both nodes serve it over the hop the setting names (Server-Timing),
# its slow door answers over HTTP/2, and Ctrl-C (SIGINT to the terminal's process group) leaves no server,
# port or process of the cluster behind, even with the balancer wedged. Run as docs/cluster.md writes it: the
# default hop, h2c (as WildFly 41 registers nodes). Started in its own session and stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."

CERT=keystore/localhost.crt
LOG=target/cluster-run.log
source .ci/ports.sh
mvn_pid=""

fail() { echo "cluster-run: FAIL: $*" >&2; exit 1; }
cleanup() { [ -z "$mvn_pid" ] || kill -KILL -- "-$mvn_pid" 2>/dev/null || true; }
trap cleanup EXIT

mkdir -p target
setsid env --default-signal=INT ./mvnw -B -Pcluster package exec:java@cluster -DskipTests >"$LOG" 2>&1 &
mvn_pid=$!
for _ in $(seq 360); do
  grep -q 'The cluster is up' "$LOG" && break
  kill -0 "$mvn_pid" 2>/dev/null || { tail -n 30 "$LOG"; fail "the cluster's command ended before the cluster was up"; }
  sleep 0.5
done
grep -q 'The cluster is up' "$LOG" || fail "the cluster was not up within 180 s"
grep -A8 'The cluster is up' "$LOG"
# door 2 and slow door 2 of the balancer, at cluster.port.offset (as the build filled them in)
offset=$(sed -n 's/^port.offset=//p' target/cluster.properties)
BALANCER=https://localhost:$(port https.port "$offset")/http2/
SLOW=https://localhost:$(port slow.https.port "$offset")/http2/

seen=""
for _ in $(seq 20); do
  line=$(curl -sS --max-time 10 --http2 --cacert "$CERT" -o /dev/null -D - -w 'HTTP/%{http_version} %{http_code}\n' "$BALANCER")
  echo "$line" | grep -q '^HTTP/2 200$' || fail "the balancer answered: $line"
  timing=$(echo "$line" | grep -i '^server-timing:' | tr -d '\r')
  echo "$timing" | grep -q 'hop;desc="h2c"' || fail "a node did not receive h2c: $timing"
  seen="$seen $(echo "$timing" | grep -o 'node[12]' | head -n 1)"
done
echo "$seen" | grep -q node1 && echo "$seen" | grep -q node2 || fail "not both nodes served the balancer's answers:$seen"
echo "curl: 20 answers from the balancer over HTTP/2, every node saw h2c, both served ($(echo $seen | tr ' ' '\n' | sort | uniq -c | tr '\n' ' '))"
slow=$(curl -sS --max-time 30 --http2 --cacert "$CERT" -o /dev/null -w '%{http_version} %{time_starttransfer}' "$SLOW")
echo "curl: the balancer's slow door: HTTP/$slow s to the first byte"
[ "${slow%% *}" = 2 ] || fail "the slow door answered over HTTP/${slow%% *}"

# Ctrl-C must stop what the command started even when a server is wedged: SIGSTOP the balancer, so that it neither
# stops on SIGINT nor on SIGTERM (as one whose heap is full may not), and only SIGKILL ends it.
balancer_pid=$(pgrep -f "jboss.server.base.dir=$PWD/target/cluster/balancer") || fail "no balancer process found"
kill -STOP "$balancer_pid"
echo "== Ctrl-C, the balancer wedged (SIGSTOP, process $balancer_pid)"
kill -INT -- "-$mvn_pid"
for _ in $(seq 60); do kill -0 "$mvn_pid" 2>/dev/null || break; sleep 1; done
kill -0 "$mvn_pid" 2>/dev/null && fail "Maven still runs 60 s after Ctrl-C"
for _ in $(seq 30); do [ "$(listening_from target/cluster/)" = 0 ] && break; sleep 1; done
[ "$(listening_from target/cluster/)" = 0 ] || { ss -ltnp; fail "a port of the cluster still listens after Ctrl-C"; }
! pgrep -f "target/cluster-(balancer|node)" >/dev/null || fail "a server of the cluster still runs after Ctrl-C"
grep -q "balancer (process $balancer_pid) did not stop within .* killed (SIGKILL)" "$LOG" || fail "the command did not say it killed the wedged balancer"
mvn_pid=""
echo "cluster-run: Ctrl-C stopped both nodes and killed the wedged balancer, saying so; no port of theirs listens"
