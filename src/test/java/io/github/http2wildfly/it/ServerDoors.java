package io.github.http2wildfly.it;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.door.NetworkSetting;
import io.github.http2wildfly.door.SlowNetwork;
import io.github.http2wildfly.shared.ThreadDumps;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.jboss.dmr.Property;

/**
 * Where the deployment answers through each door, as the running server reports it: the ports come
 * from the server's own socket bindings and system properties, so the tests follow any port or
 * offset setting.
 */
final class ServerDoors {

    private final ManagementClient management;
    private final String contextPath;

    ServerDoors(ManagementClient management, String contextPath) {
        this.management = management;
        this.contextPath = contextPath;
    }

    /** @param path below the context root, starting with a slash */
    URI uri(Door door, String path) {
        return door.uri("localhost", boundPort(door), contextPath + path);
    }

    /** The door's slow twin, where the application opened it (SlowDoors). */
    URI slowUri(Door door, String path) {
        return door.uri("localhost", door.slowPort(systemProperties()), contextPath + path);
    }

    /** Door 4 (HTTP/3 over QUIC) or its slow twin, from the server's system properties (wildfly/h3-door.cli). */
    int http3Port(boolean slow) {
        Properties system = systemProperties();
        return slow ? Door.HTTP_3.slowPort(system) : Door.HTTP_3.port(system);
    }

    /** Whether door 4 offers a QPACK dynamic table (h3.qpack.capacity, on by default). */
    boolean offersQpackTable() {
        return Long.parseLong(systemProperties().getProperty("h2demo.h3.qpack.capacity", "0")) > 0;
    }

    /** A path below the context root, as a request line names it. */
    String path(String path) {
        return contextPath + path;
    }

    int boundPort(Door door) {
        return execute(Operations.createReadAttributeOperation(Operations.createAddress("socket-binding-group",
                "standard-sockets", "socket-binding", door.socketBinding()), "bound-port")).asInt();
    }

    /** The server JVM's system properties: the doors' ports, the slow doors' round trip, the port offset. */
    Properties systemProperties() {
        Properties system = new Properties();
        for (Property property : execute(Operations.createReadAttributeOperation(
                Operations.createAddress("core-service", "platform-mbean", "type", "runtime"), "system-properties"))
                .asPropertyList()) {
            system.setProperty(property.getName(), property.getValue().asString());
        }
        return system;
    }

    /**
     * Changes the slow doors' network as a person would: POST /network on door 1, a form of the fields it takes
     * ({@code rtt=0&loss=5}, docs/configuration.md).
     */
    HttpResponse<String> changeNetwork(String form) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri(Door.HTTP_1_1, "/network"))
                    .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form))
                    .build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("Cannot reach door 1's /network", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while changing the network", e);
        }
    }

    /** The slow doors' network back to the one the server was started with (its h2demo.slow.* properties). */
    void restoreNetwork() {
        Properties system = systemProperties();
        List<String> fields = new ArrayList<>();
        for (NetworkSetting setting : NetworkSetting.values()) {
            fields.add(setting.parameter() + "=" + system.getProperty(setting.systemProperty()));
        }
        fields.add(SlowNetwork.CC + "=" + system.getProperty(SlowNetwork.CC_SYSTEM_PROPERTY));
        String form = String.join("&", fields);
        HttpResponse<String> restored = changeNetwork(form);
        if (restored.statusCode() != 200) {
            throw new IllegalStateException("POST /network " + form + " answered " + restored.statusCode() + ": " + restored.body());
        }
    }

    /** Names of the server's live threads. */
    List<String> threadNames() {
        return ThreadDumps.names(execute(ThreadDumps.operation()));
    }

    /** Names of the server's threads whose stack is in a method of {@code className} now (a blocked read, say). */
    List<String> threadsIn(String className) {
        return ThreadDumps.in(execute(ThreadDumps.operation()), className);
    }

    /** Undeploys or deploys again the test's own deployment ({@code undeploy}, {@code deploy}). */
    void deployment(String operation) {
        execute(Operations.createOperation(operation, Operations.createAddress("deployment", contextPath.substring(1) + ".war")));
    }

    ModelNode execute(ModelNode operation) {
        try {
            ModelNode result = management.getControllerClient().execute(operation);
            if (!Operations.isSuccessfulOutcome(result)) {
                throw new IllegalStateException(operation.get("operation").asString() + " on "
                        + operation.get("address") + " failed: " + Operations.getFailureDescription(result));
            }
            return Operations.readResult(result);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot reach the server's management interface", e);
        }
    }
}
