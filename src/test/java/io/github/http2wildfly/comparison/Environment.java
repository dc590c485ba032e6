package io.github.http2wildfly.comparison;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** Where a measurement was taken: it changes every figure, so the report shows it. */
public final class Environment {

    private Environment() {
    }

    public static Map<String, String> describe(BenchmarkSettings settings, String client, Properties given) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("client", client);
        environment.put("CPUs", Integer.toString(Runtime.getRuntime().availableProcessors()));
        environment.put("JDK", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
        environment.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        environment.put("WildFly", given.getProperty("bench.wildfly.version", "?"));
        environment.put("images per page", Integer.toString(settings.imageCount()));
        environment.put("logo bytes", logoBytes(given));
        environment.put("virtual users per cell", Integer.toString(settings.users()));
        environment.put("loads per user", Integer.toString(settings.loads()));
        environment.put("warm-up loads per user", Integer.toString(settings.warmupLoads()));
        return environment;
    }

    private static String logoBytes(Properties given) {
        try {
            return Long.toString(Files.size(Path.of(given.getProperty("bench.logo", "src/main/webapp/WEB-INF/logo.png"))));
        } catch (IOException e) {
            return "?";
        }
    }
}
