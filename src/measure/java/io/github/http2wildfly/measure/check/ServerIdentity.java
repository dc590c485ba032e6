package io.github.http2wildfly.measure.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the server says it is (its Server and X-Powered-By headers), and, where it names an Undertow, the named attacks
 * that release has no fix for. WildFly names nothing by default, so most often the finding says where to look instead.
 */
final class ServerIdentity {

    private ServerIdentity() {
    }

    static List<Finding> findings(Optional<String> server, Optional<String> poweredBy) {
        String told = server.map(name -> "Server: " + name).orElse("") + poweredBy.map(name -> (server.isPresent() ? ", " : "")
                + "X-Powered-By: " + name).orElse("");
        Optional<String> undertow = server.flatMap(KnownCve::undertowVersion).or(() -> poweredBy.flatMap(KnownCve::undertowVersion));
        List<Finding> findings = new ArrayList<>();
        if (undertow.isEmpty()) {
            findings.add(Finding.info("server identity", told.isEmpty() ? "not told (WildFly's default)" : told + ": not an Undertow version",
                    told.isEmpty() || told.matches("(?is).*(wildfly|undertow|jboss).*")
                            ? "the log names Undertow's version (WFLYUT0003: Undertow 2.3.23.Final starting); compare it with "
                              + "docs/hardening.md#the-http2-cves-and-the-undertow-you-run" : "the CVE table of docs/hardening.md is Undertow's"));
            return findings;
        }
        List<KnownCve> open = List.of(KnownCve.values()).stream().filter(cve -> cve.affects(undertow.get())).toList();
        if (open.isEmpty()) {
            findings.add(Finding.pass("server identity", told + ": Undertow " + undertow.get() + " has every fix of docs/hardening.md's table"));
        } else {
            findings.add(new Finding("server identity", Grade.FAIL, told + ": Undertow " + undertow.get() + " lacks the fix for "
                    + open.stream().map(cve -> cve.label + " (" + cve.id + ", " + cve.status + ")").collect(Collectors.joining(", ")),
                    "a WildFly whose Undertow is newer; and say less: a Server header naming versions helps attackers first"));
        }
        return findings;
    }
}
