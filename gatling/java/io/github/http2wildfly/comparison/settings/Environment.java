package io.github.http2wildfly.comparison.settings;

import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.servers.ServerAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where a measurement was taken, for people: it changes every figure, so the report shows it. */
public final class Environment {

    /** WildFly's boot line: "WFLYSRV0025: WildFly 39.0.1.Final (WildFly Core 31.0.3.Final) started in ...". */
    private static final Pattern STARTED = Pattern.compile("WFLYSRV0025: (.+?) started in");

    /** The environment's key for the run's seed (of the losses and the rounds' orders), which Replicates reads back. */
    public static final String SEED = "seed of the losses and the orders";
    /** The environment's key for the server's Undertow: with this project's diffs, or stock. */
    public static final String UNDERTOW = "Undertow";

    private Environment() {
    }

    /** The server as it named itself when it booted, not the version the build asked for. */
    public static String runningServer(Path serverLog) {
        try {
            Matcher started = STARTED.matcher(Files.readString(serverLog));
            return started.find() ? started.group(1) : "unknown (no boot line in " + serverLog + ")";
        } catch (IOException e) {
            return "unknown (" + serverLog + " unreadable)";
        }
    }

    /** What the server's log says of its Undertow (ServerAgent): with this project's diffs, or stock. */
    public static String runningUndertow(Path serverLog) {
        try (var lines = Files.lines(serverLog)) {
            return lines.filter(line -> line.contains(ServerAgent.UNDERTOW)).findFirst()
                    .map(line -> line.substring(line.indexOf(ServerAgent.UNDERTOW) + ServerAgent.UNDERTOW.length()))
                    .orElse("unknown (no line of the server agent's in " + serverLog + ")");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "unknown (" + serverLog + " unreadable)";
        }
    }

    /** The processor's model as Linux names it (a record is true to its machine only when it says which). */
    static String processor(Path cpuinfo) {
        try (var lines = Files.lines(cpuinfo)) {
            return lines.filter(line -> line.startsWith("model name")).map(line -> line.substring(line.indexOf(':') + 1).strip())
                    .findFirst().orElse("model unknown");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "model unknown";
        }
    }

    public static Map<String, String> describe(ComparisonSettings settings, String client) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("client", client);
        environment.put("CPUs", Runtime.getRuntime().availableProcessors() + " (" + processor(Path.of("/proc/cpuinfo")) + ")");
        environment.put("JDK", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
        environment.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        environment.put("server", runningServer(settings.server().log()));
        environment.put(UNDERTOW, runningUndertow(settings.server().log()));
        environment.put("images per page", Integer.toString(settings.page().imageCount()));
        settings.grid().sizes().forEach(size -> environment.put("bytes per image, " + size.parameter(),
                Long.toString(settings.page().imageBytes().get(size))));
        environment.put(SEED, Long.toString(settings.seed()));
        Loading loading = settings.loading();
        environment.put("virtual users per cell", Integer.toString(loading.users()));
        environment.put("loads per user", String.format(Locale.ROOT, "%d to %d, until each pair is decided (looks at %s,"
                + " level within %d %%, at most %d min of further loads)", loading.minLoads(), loading.maxLoads(),
                loading.rule().looks(), loading.bandPercent(), loading.minutes()));
        environment.put("warm-up loads per user", Integer.toString(loading.warmupLoads()));
        return environment;
    }
}
