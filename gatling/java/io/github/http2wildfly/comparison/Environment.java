package io.github.http2wildfly.comparison;

import java.util.LinkedHashMap;
import java.util.Map;

/** Where a measurement was taken, for people: it changes every figure, so the report shows it. */
public final class Environment {

    private Environment() {
    }

    public static Map<String, String> describe(BenchmarkSettings settings, String client) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("client", client);
        environment.put("CPUs", Integer.toString(Runtime.getRuntime().availableProcessors()));
        environment.put("JDK", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
        environment.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        environment.put("WildFly", settings.wildflyVersion());
        environment.put("images per page", Integer.toString(settings.imageCount()));
        environment.put("logo bytes", Long.toString(settings.imageBytes()));
        environment.put("virtual users per cell", Integer.toString(settings.users()));
        environment.put("loads per user", Integer.toString(settings.loads()));
        environment.put("warm-up loads per user", Integer.toString(settings.warmupLoads()));
        return environment;
    }
}
