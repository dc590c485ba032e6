package io.github.http2wildfly.cluster;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * Whether this server is a node of the cluster (docs/cluster.md): wildfly/cluster/node.cli gives it
 * {@value #NODE_PROPERTY}, its name. What a node does otherwise than the single server is here.
 */
public final class ClusterNode {

    static final String NODE_PROPERTY = "h2demo.cluster.node";
    /** The rule of a node's {@code report-to}, which has no door of its own that a race page is on. */
    public static final String REPORT_TO_RULE = "report-to must be an https origin on this page's host";

    private ClusterNode() {
    }

    /** This node's name (its jboss.node.name), empty on a server that is no node. */
    public static Optional<String> name() {
        return Optional.ofNullable(System.getProperty(NODE_PROPERTY));
    }

    /**
     * A node's wall may report to a race page on the same host as itself, at any port: the race page of
     * {@code wildfly:run} races through the balancer in a frame, and no node knows that server's ports.
     */
    public static boolean mayReportTo(String origin, String host) {
        try {
            URI uri = new URI(origin);
            return "https".equals(uri.getScheme()) && host.equalsIgnoreCase(uri.getHost()) && uri.getPort() > 0
                    && uri.getRawUserInfo() == null && uri.getRawPath().isEmpty() && uri.getRawQuery() == null
                    && uri.getRawFragment() == null;
        } catch (URISyntaxException bad) {
            return false;
        }
    }
}
