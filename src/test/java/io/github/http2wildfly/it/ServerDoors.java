package io.github.http2wildfly.it;

import io.github.http2wildfly.Door;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/**
 * Where the deployment answers through each door, as the running server reports it: the ports come
 * from the server's own socket bindings, so the tests follow any port or offset setting.
 */
final class ServerDoors {

    private final ManagementClient management;
    private final String contextPath;

    ServerDoors(ManagementClient management, URL deploymentUrl) {
        this.management = management;
        this.contextPath = deploymentUrl.getPath().replaceAll("/$", "");
    }

    /** @param path below the context root, starting with a slash */
    URI uri(Door door, String path) {
        return door.uri("localhost", boundPort(door), contextPath + path);
    }

    int boundPort(Door door) {
        ModelNode address = Operations.createAddress("socket-binding-group", "standard-sockets",
                "socket-binding", door.socketBinding());
        try {
            ModelNode result = management.getControllerClient()
                    .execute(Operations.createReadAttributeOperation(address, "bound-port"));
            if (!Operations.isSuccessfulOutcome(result) || !Operations.readResult(result).isDefined()) {
                throw new IllegalStateException("Socket binding " + door.socketBinding() + " is not bound: "
                        + Operations.getFailureDescription(result));
            }
            return Operations.readResult(result).asInt();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot ask the server for its ports", e);
        }
    }
}
