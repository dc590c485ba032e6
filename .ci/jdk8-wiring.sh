#!/usr/bin/env bash
# The jdk8 profile's wiring, without a JDK 8 (none can be installed here): fake JDK homes whose
# release file names an update. The profile's one step (LegacyServer) first puts the alpn-boot Jetty's table names at
# the server's boot jar (fetched from Maven Central into the local repository where missing), then stops with one
# line where a real JDK 8 is needed (patching WildFly 10 with its own CLI): checked here for both.
set -euo pipefail
cd "$(dirname "$0")/.."
fakes=$(mktemp -d)
trap 'rm -rf "$fakes"' EXIT

fake_jdk() { mkdir -p "$fakes/$1"; printf 'JAVA_VERSION="%s"\n' "$1" > "$fakes/$1/release"; echo "$fakes/$1"; }
build() { ./mvnw -B -q -Djdk8.home="$1" -DskipTests package 2>&1; }
failure() { grep -o 'Java class\. .*' | head -n 1 | cut -c13- | sed 's/ -> \[Help 1\]//'; }
# The build stops where a JDK 8 itself is needed, after the alpn-boot step.
prepare() {
  local out
  if out=$(build "$1"); then echo "the build with the fake JDK $1 went on without a JDK 8" >&2; exit 1; fi
  grep -q "has no bin/java: a real JDK 8 is needed" <<<"$out" || { echo "$out" >&2; exit 1; }
}

repo=$(./mvnw -B -q help:evaluate -Dexpression=settings.localRepository -DforceStdout)
# One update of Jetty's table, end to end (AlpnBootTest holds the whole table to Jetty's published one).
jdk=1.8.0_121; version=8.1.11.v20170118
prepare "$(fake_jdk "$jdk")"
path=org/mortbay/jetty/alpn/alpn-boot/$version/alpn-boot-$version.jar
cmp target/alpn-boot.jar "$repo/$path"
[ "$(sha1sum < target/alpn-boot.jar | cut -c1-40)" = "$(curl -fsS "https://repo.maven.apache.org/maven2/$path.sha1" | cut -c1-40)" ]
echo "JDK $jdk: target/alpn-boot.jar is alpn-boot $version, as Maven Central publishes it"

prepare "$(fake_jdk 1.8.0_262)"
[ ! -e target/alpn-boot.jar ] || { echo "JDK 1.8.0_262 has ALPN built in, but target/alpn-boot.jar exists" >&2; exit 1; }
echo "JDK 1.8.0_262: no alpn-boot (ALPN built in)"

for jdk in 1.8.0_251 11.0.2; do
  if out=$(build "$(fake_jdk "$jdk")"); then echo "JDK $jdk was accepted" >&2; exit 1; fi
  reason=$(failure <<<"$out")
  case $reason in ""|*"has no bin/java"*) echo "$out" >&2; echo "JDK $jdk was not refused by the alpn-boot step" >&2; exit 1;; esac
  echo "JDK $jdk refused: $reason"
done
echo "jdk8-wiring: all checks passed"
