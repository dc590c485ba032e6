package io.github.http2wildfly.build;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The Java agent every server this build starts runs with ({@code -javaagent:jar=scripts,address,offset-property},
 * the jar made by the pom's {@code server-agent} execution). It runs in the server's JVM before WildFly does, so it
 * applies alike to {@code wildfly:run}, {@code wildfly:dev}, the ITs' and the comparison's servers, with no look at
 * Maven's goals:
 * <ol>
 * <li>a port the server is about to bind that is taken ends the JVM with one line per port, naming the property
 * that moves it ({@link PortCheck}); WildFly itself would boot "with errors" and leave the BindException in its log;
 * <li>the server ends with the process that launched it ({@link ExitWithLauncher}).
 * </ol>
 * No plugin does either: the wildfly-maven-plugin checks no ports, and a forked server outlives a killed Maven.
 */
public final class ServerAgent {

    /** WildFly's own property, which the pom and arquillian.xml set on every server. */
    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";

    private ServerAgent() {
    }

    public static void premain(String arguments) {
        List<String> taken = takenPorts(arguments, System.getProperty(PORT_OFFSET, "0"));
        if (!taken.isEmpty()) {
            taken.forEach(System.err::println);
            System.exit(1);
        }
        ExitWithLauncher.watch();
    }

    /** The agent's arguments: the filtered CLI scripts, the bind address, and the Maven property of the offset. */
    static List<String> takenPorts(String arguments, String offset) {
        String[] parts = String.valueOf(arguments).split(",");
        if (parts.length != 3) {
            return List.of("The server agent needs scripts,address,offset-property; got " + arguments);
        }
        try {
            return PortCheck.takenPorts(PortCheck.address(parts[1]), PortCheck.portsOf(Path.of(parts[0])),
                    PortCheck.parsePort(parts[2], offset), parts[2]);
        } catch (BuildCheckFailure | IOException e) {
            return List.of(e.getMessage());
        }
    }
}
