package io.github.http2wildfly.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The Java agent every server this build starts runs with ({@code -javaagent:jar=scripts,address}, from
 * {@code target/server.jvm}, the JVM options every server takes; the jar made by the pom's {@code server-agent}
 * execution). It runs in the server's JVM before WildFly does, so it applies alike to {@code wildfly:run},
 * {@code wildfly:dev}, the ITs', the comparison's, the lab's and the cluster's servers, with no look at Maven's goals:
 * <ol>
 * <li>a port the server is about to bind that is taken ends the JVM with one line per port, naming the property
 * that moves it ({@link PortCheck}); WildFly itself would boot "with errors" and leave the BindException in its log;
 * <li>the server ends with the process that launched it ({@link ExitWithLauncher});
 * <li>the dev server starts from the configuration as provisioned ({@link ConfigurationAsProvisioned}), where the pom
 * names it;
 * <li>the server says in its log whether its Undertow carries this project's diffs or is stock ({@link #UNDERTOW}),
 * which a comparison's record names.
 * </ol>
 * No plugin does any of this: the wildfly-maven-plugin checks no ports, a forked server outlives a killed Maven, and
 * the plugin's dev goal cannot boot a configuration read-only.
 */
public final class ServerAgent {

    /** WildFly's own property, which every server this build starts is given. */
    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";
    /** The Maven property that set that offset, for the refusal to name: given beside it (default port.offset). */
    public static final String PORT_OFFSET_KNOB = "h2demo.port.offset.knob";
    /** Seconds a server asked to stop may take before it is killed, or halts itself once its launcher has gone. */
    static final String STOP_GRACE = "h2demo.stop.grace.seconds";
    /**
     * That grace, 10 s unless told: WildFly stops in a second or two; one that takes longer is wedged (a full heap, a
     * hung shutdown hook, SIGSTOP) and would otherwise keep its ports.
     */
    static final long STOP_GRACE_SECONDS = Long.getLong(STOP_GRACE, 10);
    /** The address WildFly binds, where given (the lab's server, a cluster node on a host of its own). */
    static final String BIND_ADDRESS = "jboss.bind.address";

    /** The start of the log line that says which Undertow the server runs. */
    public static final String UNDERTOW = "h2demo: Undertow ";

    private ServerAgent() {
    }

    /** What the server's log says of its Undertow: with this project's diffs (src/patches/undertow-core), or stock. */
    static String undertow(Path home) {
        return UNDERTOW + (Files.exists(home.resolve(UndertowPatch.MODULE).resolve(UndertowPatch.PATCH_JAR))
                ? "with this project's diffs (src/patches/undertow-core)" : "stock, without this project's diffs");
    }

    public static void premain(String arguments) {
        String provisioned = System.getProperty(ConfigurationAsProvisioned.PROPERTY);
        if (provisioned != null) {
            try {
                ConfigurationAsProvisioned.restore(Path.of(provisioned), ConfigurationAsProvisioned.configurationDir());
            } catch (BuildCheckFailure | IOException e) {
                System.err.println("The server's configuration as provisioned could not be restored: " + e.getMessage());
                System.exit(1);
            }
        }
        List<String> taken = takenPorts(arguments, System.getProperty(BIND_ADDRESS), System.getProperty(PORT_OFFSET, "0"),
                System.getProperty(PORT_OFFSET_KNOB, "port.offset"));
        if (!taken.isEmpty()) {
            taken.forEach(System.err::println);
            System.exit(1);
        }
        String home = System.getProperty("jboss.home.dir");
        if (home != null) {
            System.out.println(undertow(Path.of(home)));
        }
        ExitWithLauncher.watch();
    }

    /**
     * The agent's arguments (the filtered CLI scripts, the build's bind address), the address WildFly is told to bind
     * instead (or null), and the offset with the Maven property that set it.
     */
    static List<String> takenPorts(String arguments, String bindAddress, String offset, String offsetKnob) {
        String[] parts = String.valueOf(arguments).split(",");
        if (parts.length != 2) {
            return List.of("The server agent needs scripts,address; got " + arguments);
        }
        try {
            return PortCheck.takenPorts(PortCheck.address(bindAddress == null ? parts[1] : bindAddress),
                    PortCheck.portsOf(Path.of(parts[0])), PortCheck.parsePort(offsetKnob, offset), offsetKnob);
        } catch (BuildCheckFailure | IOException e) {
            return List.of(e.getMessage());
        }
    }
}
