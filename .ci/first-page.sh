#!/usr/bin/env bash
# How long ./mvnw wildfly:run takes to its first page, against a bare boot of the same server (its own
# standalone.sh with its own JVM options, the same WAR in deployments/), and ./mvnw wildfly:run -DskipTests: each
# timed to the first 200 of https://localhost:8443/http2/, in turn, ROUNDS times each (default 3). Prints the
# medians and their ratios to the bare boot. Needs a built project (./mvnw package) and free ports; stops every process it starts by PID.
# RECORD=true writes the run's record, docs/results/DATE-first-page.md, and its row of docs/results.md's loop.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill -KILL -- "-$pid" 2>/dev/null; rm -rf "$work"' EXIT

first_page() { # seconds from $1 (date +%s.%N) to the first 200
  for _ in $(seq 1200); do
    kill -0 "$pid" 2>/dev/null || { echo "the server ended before its first page" >&2; exit 1; }
    [ "$(curl -sk -o /dev/null -w '%{http_code}' https://localhost:8443/http2/ || true)" = 200 ] && break
    sleep 0.05
  done
  echo "$(date +%s.%N) - $1" | bc
}
stop() { kill -INT -- "-$pid"; for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done; pid=""; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for round in $(seq "$rounds"); do
  rm -rf "$work/base"; mkdir -p "$work/base/deployments"
  cp target/war/http2.war "$work/base/deployments/"
  cp -r target/server/standalone/configuration-pristine "$work/base/configuration"
  start=$(date +%s.%N)
  setsid env --default-signal=INT target/server/bin/standalone.sh -Djboss.server.base.dir="$work/base" \
    -Djboss.server.config.dir="$work/base/configuration" >"$work/bare.log" 2>&1 &
  pid=$!
  first_page "$start" >>"$work/bare"; stop

  start=$(date +%s.%N)
  setsid env --default-signal=INT ./mvnw -B -o wildfly:run >"$work/run.log" 2>&1 &
  pid=$!
  first_page "$start" >>"$work/run"; stop

  start=$(date +%s.%N)
  setsid env --default-signal=INT ./mvnw -B -o wildfly:run -DskipTests >"$work/skip.log" 2>&1 &
  pid=$!
  first_page "$start" >>"$work/skip"; stop
  echo "round $round: bare $(tail -n 1 "$work/bare") s, wildfly:run $(tail -n 1 "$work/run") s," \
    "-DskipTests $(tail -n 1 "$work/skip") s"
done
bare=$(median <"$work/bare"); run=$(median <"$work/run"); skip=$(median <"$work/skip")
medians=$(printf 'bare boot %.2f s, `./mvnw wildfly:run` %.2f s (%.2f x), `-DskipTests` %.2f s (%.2f x)' \
  "$bare" "$run" "$(echo "$run / $bare" | bc -l)" "$skip" "$(echo "$skip / $bare" | bc -l)")
echo "medians of $rounds: $medians" | tr -d '`'
[ "${RECORD:-false}" = true ] || exit 0

day=$(date +%F)
record=docs/results/$day-first-page.md
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!docs/results' || echo ', with changes not committed')
{
  echo "# The first page of ./mvnw wildfly:run, $day"
  echo
  echo "A record written by \`ROUNDS=$rounds RECORD=true .ci/first-page.sh\` (at $commit): seconds from the command to the first"
  echo "200 of https://localhost:8443/http2/, the three in turn, $rounds rounds. Machine: $(nproc) cores" \
    "($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)), $(java -version 2>&1 | head -n 1)."
  echo
  echo "| round | bare boot | \`./mvnw wildfly:run\` | \`-DskipTests\` |"
  echo "|---|---|---|---|"
  paste "$work/bare" "$work/run" "$work/skip" | awk '{printf "| %d | %.2f | %.2f | %.2f |\n", NR, $1, $2, $3}'
  echo
  echo "Medians: $medians."
} >"$record"
# The loop's row names the newest record; older records stay beside it.
row="| first page of \`./mvnw wildfly:run\` against a bare boot of the same server, and with \`-DskipTests\` |"
awk -v row="$row" -v new="$row \`ROUNDS=5 RECORD=true .ci/first-page.sh\` | medians of $rounds on $day: $medians | [$day](results/$day-first-page.md) |" \
  'index($0, row) == 1 { print new; next } { print }' docs/results.md >"$work/results.md"
grep -qF "$row" docs/results.md || { echo "docs/results.md has no row of the first page" >&2; exit 1; }
cp "$work/results.md" docs/results.md
echo "recorded: $record, and its row of docs/results.md"
