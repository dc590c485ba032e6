#!/usr/bin/env bash
# The server is provisioned again exactly when what shapes it changes: an edit of the pom elsewhere
# (a comment, a default that shapes no server: the debugger's port) leaves target/server as it is; a CLI script's value (-Dmax.connections)
# provisions it again (checked on a copy, target/fingerprint-server, so that target/server stays the default one; the
# scripts are filtered back to the defaults at the end, and the next build has nothing to provision).
# Needs a built project.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=target/server
copy=target/fingerprint-server
edited=pom-fingerprint-check.xml
trap 'rm -f "$edited" "$copy.fingerprint"; rm -rf "$copy"' EXIT
[ -d "$marker" ] || ./mvnw -B -q package -DskipTests
before=$(stat -c %y "$marker")

# a comment of its own line and another value, laid out as the pom's formatter (checked in validate) writes them
sed -e 's#^\( *\)<debug.port>8787</debug.port>$#\1<!-- edited -->\n\1<debug.port>8788</debug.port>#' pom.xml >"$edited"
grep -q '<!-- edited -->' "$edited" || { echo "fingerprint: the pom edit did not apply" >&2; exit 1; }
./mvnw -B -q -f "$edited" package -DskipTests
[ "$(stat -c %y "$marker")" = "$before" ] || { echo "fingerprint: a pom edit that shapes no server provisioned it again" >&2; exit 1; }
echo "a pom edit elsewhere: target/server left as it was ($before)"

rm -rf "$copy"; cp -a "$marker" "$copy"
./mvnw -B -q package -DskipTests -Dmax.connections=9999 -Dserver.dir="$PWD/$copy"
after=$(stat -c %y "$copy")
[ "$after" != "$before" ] || { echo "fingerprint: a changed CLI value did not provision the server again" >&2; exit 1; }
grep -q 'max-connections="9999"' "$copy/standalone/configuration/standalone.xml" || { echo "fingerprint: the new limit is not in the provisioned configuration" >&2; exit 1; }
echo "-Dmax.connections=9999: provisioned again ($after)"
./mvnw -B -q process-resources
echo "fingerprint: all checks passed"
