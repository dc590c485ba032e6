package io.github.http2wildfly.it;

import java.io.File;
import java.io.IOException;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The WAR the build made, deployed once for the whole test run under its own name, and removed when
 * the run ends. Against a running dev server ({@code it.reuse.server}) that has the project's WAR
 * deployed, the tests call that one instead: its slow doors and door 4 hold the ports, so a copy
 * beside it could not open its own.
 */
final class Deployments implements ExtensionContext.Store.CloseableResource {

    static final String NAME = "http2-it.war";
    private static final File WAR = ItSettings.path("deployment.war").toFile();
    private static final ExtensionContext.Namespace RUN = ExtensionContext.Namespace.create(Deployments.class);

    private final ServerDoors doors;
    private final boolean ours;

    private Deployments(ServerDoors doors, boolean ours) {
        this.doors = doors;
        this.ours = ours;
    }

    /** The doors of the run's one deployment, deployed by the first test that asks. */
    static ServerDoors doors(ExtensionContext context, ManagementClient management) {
        return context.getRoot().getStore(RUN)
                .getOrComputeIfAbsent(NAME, name -> deployOrReuse(management), Deployments.class).doors;
    }

    private static Deployments deployOrReuse(ManagementClient management) {
        if (Boolean.getBoolean("it.reuse.server") && isDeployed(management, WAR.getName())) {
            return new Deployments(new ServerDoors(management, contextPath(WAR.getName())), false);
        }
        if (!WAR.isFile()) {
            throw new IllegalStateException(WAR.getAbsolutePath() + " does not exist: run ./mvnw package first");
        }
        ServerDoors doors = new ServerDoors(management, contextPath(NAME));
        ModelNode add = Operations.createAddOperation(Operations.createAddress("deployment", NAME));
        add.get("enabled").set(true);
        add.get("content").add().get("url").set(WAR.toURI().toString());
        doors.execute(add);
        return new Deployments(doors, true);
    }

    private static boolean isDeployed(ManagementClient management, String name) {
        try {
            return Operations.isSuccessfulOutcome(management.getControllerClient()
                    .execute(Operations.createReadResourceOperation(Operations.createAddress("deployment", name))));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot reach the server's management interface", e);
        }
    }

    private static String contextPath(String warName) {
        return "/" + warName.replaceFirst("\\.war$", "");
    }

    @Override
    public void close() {
        if (ours) {
            doors.execute(Operations.createRemoveOperation(Operations.createAddress("deployment", NAME)));
        }
    }
}
