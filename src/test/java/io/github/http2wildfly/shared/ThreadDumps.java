package io.github.http2wildfly.shared;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/** A WildFly's threads, read through its management interface (the platform MBean's {@code dump-all-threads}). */
public final class ThreadDumps {

    /** The class a servlet's blocking read of a request body waits in. */
    public static final String BODY_READ = "io.undertow.servlet.spec.ServletInputStreamImpl";
    /** The class a servlet's blocking write of an answer waits in, for a window its client does not open. */
    public static final String ANSWER_WRITE = "io.undertow.servlet.spec.ServletOutputStreamImpl";

    /** Names threads, from one or more servers' dumps. */
    public interface Names {
        List<String> read() throws Exception;
    }

    private ThreadDumps() {
    }

    /** The threads {@code names} lists once it lists none, or at the end of {@code within}, read once a second. */
    public static List<String> onceNoneOrAfter(Duration within, Names names) throws Exception {
        Instant until = Instant.now().plus(within);
        List<String> listed = names.read();
        while (!listed.isEmpty() && Instant.now().isBefore(until)) {
            Thread.sleep(1_000);
            listed = names.read();
        }
        return listed;
    }

    /** The operation, without the monitors and synchronizers each thread holds. */
    public static ModelNode operation() {
        ModelNode dump = Operations.createOperation("dump-all-threads",
                Operations.createAddress("core-service", "platform-mbean", "type", "threading"));
        dump.get("locked-monitors").set(false);
        dump.get("locked-synchronizers").set(false);
        return dump;
    }

    /** Every thread's name. */
    public static List<String> names(ModelNode dump) {
        return dump.asList().stream().map(thread -> thread.get("thread-name").asString()).toList();
    }

    /** The names of the threads whose stack is in a method of {@code className} now (a blocked read, say). */
    public static List<String> in(ModelNode dump, String className) {
        return dump.asList().stream()
                .filter(thread -> thread.get("stack-trace").asList().stream()
                        .anyMatch(frame -> className.equals(frame.get("class-name").asString())))
                .map(thread -> thread.get("thread-name").asString()).toList();
    }
}
