package io.github.http2wildfly.it;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OpenSSL's {@code s_client}: a TLS client that shares no code with the JDK's, for what a door negotiates (the TLS
 * version and the ALPN protocol), trusting the project's certificate alone.
 */
final class OpenSslClient {

    private static final Pattern VERSION = Pattern.compile("(?m)^New, (TLSv[0-9.]+),");
    private static final Pattern ALPN = Pattern.compile("(?m)^ALPN protocol: (\\S+)|^(No ALPN negotiated)");

    private OpenSslClient() {
    }

    /**
     * The TLS version and ALPN protocol OpenSSL negotiated with {@code door}, as "TLSv1.3 h2" ("none" where no
     * protocol was chosen), offering {@code alpn} with the version option given ({@code -tls1_3}, {@code -tls1_2}).
     */
    static String negotiated(URI door, String versionOption, String alpn) throws IOException {
        List<String> command = new ArrayList<>(List.of("openssl", "s_client", "-connect", door.getHost() + ":" + door.getPort(),
                "-servername", door.getHost(), "-CAfile", TrustedClients.certificatePath().toString(), "-verify_return_error",
                versionOption, "-alpn", alpn));
        Process openssl = new ProcessBuilder(command).redirectErrorStream(true).start();
        openssl.getOutputStream().close(); // no request: s_client ends after the handshake
        try {
            if (!openssl.waitFor(20, TimeUnit.SECONDS)) {
                openssl.destroyForcibly();
                throw new IOException("openssl s_client did not end within 20 s: " + command);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        String output = new String(openssl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Matcher version = VERSION.matcher(output);
        Matcher protocol = ALPN.matcher(output);
        if (!version.find() || !protocol.find()) {
            throw new IOException("openssl s_client negotiated nothing with " + door + ":\n" + output);
        }
        return version.group(1) + " " + (protocol.group(1) == null ? "none" : protocol.group(1));
    }
}
