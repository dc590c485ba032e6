# The cluster's TCP ports for a balancer offset (docs/cluster.md): the balancer's doors, its slow door, MCMP and
# management; node N's doors, AJP and management at the offset plus 100 N. Sourced by run and cluster-run.sh.
cluster_ports() {
  local offset=$1 node
  for port in 8080 8443 8444 8445 8090 9990; do echo $(( port + offset )); done
  for node in 1 2; do
    for port in 8080 8443 8444 8009 9990; do echo $(( port + offset + 100 * node )); done
  done
}
# How many of them listen now.
cluster_ports_listening() {
  ss -ltnH | grep -cE ":($(cluster_ports "$1" | paste -sd '|')) " || true
}
