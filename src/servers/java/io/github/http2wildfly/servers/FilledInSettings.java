package io.github.http2wildfly.servers;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** A settings file the build filled in under {@code target/}, or one line saying which build makes it. */
public final class FilledInSettings {

    private FilledInSettings() {
    }

    public static Properties read(Path file, String build) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new BuildCheckFailure(file + " is missing: build with " + build + " first");
        }
        Properties settings = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            settings.load(in);
        }
        return settings;
    }

    /** The property's value, stripped, or one line saying it is not set. */
    public static String required(Properties given, String name) {
        String value = given.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is not set");
        }
        return value.strip();
    }

    /** A whole number from min to max, or one line naming the property. */
    public static int number(Properties given, String name, int min, int max) {
        String value = required(given, name);
        try {
            int number = Integer.parseInt(value);
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw new IllegalArgumentException(name + "=" + value + ": expected a whole number from " + min + " to " + max);
    }
}
