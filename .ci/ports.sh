# Ports and listeners as the build made them, for the scripts here (sourced): no port is written down twice.
# port NAME [OFFSET]: a door's port (the pom's property NAME, e.g. https.port) as the build filled it into the
# server's CLI scripts (target/wildfly/*.cli), plus OFFSET.
port() {
  local base
  base=$(sed -n "s|^/system-property=h2demo\.${1//./\\.}:add(value=\([0-9]*\))\$|\1|p" target/wildfly/*.cli | head -n 1)
  [ -n "$base" ] || { echo "no port $1 in target/wildfly/*.cli (build first)" >&2; return 1; }
  echo $(( base + ${2:-0} ))
}

# listening_from DIR: how many TCP and UDP sockets listen from processes whose command line names DIR (the
# servers a step started from it: their base or home directory), whichever ports the build gave them.
listening_from() {
  local count=0 pid
  for pid in $({ ss -ltnpH; ss -lunpH; } | grep -o 'pid=[0-9]*' | cut -d= -f2); do
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$1" && count=$(( count + 1 ))
  done
  echo "$count"
}
