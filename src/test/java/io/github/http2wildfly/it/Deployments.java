package io.github.http2wildfly.it;

import java.io.File;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The WAR the build made, deployed once for the whole test run under its own name (so it can sit
 * beside a dev server's deployment), and removed when the run ends.
 */
final class Deployments implements ExtensionContext.Store.CloseableResource {

    static final String NAME = "http2-it.war";
    private static final File WAR = new File(System.getProperty("deployment.war", "target/war/http2.war"));
    private static final ExtensionContext.Namespace RUN = ExtensionContext.Namespace.create(Deployments.class);

    private final ServerDoors doors;

    private Deployments(ServerDoors doors) {
        this.doors = doors;
    }

    /** The doors of the run's one deployment, deployed by the first test that asks. */
    static ServerDoors doors(ExtensionContext context, ManagementClient management) {
        return context.getRoot().getStore(RUN)
                .getOrComputeIfAbsent(NAME, name -> deploy(management), Deployments.class).doors;
    }

    private static Deployments deploy(ManagementClient management) {
        if (!WAR.isFile()) {
            throw new IllegalStateException(WAR.getAbsolutePath() + " does not exist: run ./mvnw package first");
        }
        ServerDoors doors = new ServerDoors(management, "/" + NAME.replace(".war", ""));
        ModelNode add = Operations.createAddOperation(Operations.createAddress("deployment", NAME));
        add.get("enabled").set(true);
        add.get("content").add().get("url").set(WAR.toURI().toString());
        doors.execute(add);
        return new Deployments(doors);
    }

    @Override
    public void close() {
        doors.execute(Operations.createRemoveOperation(Operations.createAddress("deployment", NAME)));
    }
}
