package io.github.http2wildfly.build;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What the build does to each server Galleon has just provisioned, in this order: Undertow's fixes into it
 * ({@link UndertowPatch}), then its record ({@link ServerFingerprint#record}: the marker that it is whole, and the
 * configuration as provisioned that the ITs', the comparison's and the cluster's servers boot from). One step, so
 * that no server is recorded unpatched.
 *
 * <p>Arguments: {@code undertow-sources-jar diff-dir server-dir...}
 */
public final class ProvisionedServer {

    private ProvisionedServer() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new BuildCheckFailure("ProvisionedServer: expected undertow-sources-jar diff-dir server-dir...");
        }
        for (String server : List.of(args).subList(2, args.length)) {
            UndertowPatch.patch(Path.of(server), Path.of(args[0]), Path.of(args[1]));
            ServerFingerprint.record(Path.of(server));
        }
    }
}
