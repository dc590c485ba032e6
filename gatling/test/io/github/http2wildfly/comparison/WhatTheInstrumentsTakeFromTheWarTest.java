package io.github.http2wildfly.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the comparison (gatling/java) and the fronts' benchmark (src/servers/bench) take from the WAR (src/main) is a
 * small API, named here with the reason for each type: the facts they share with the page are the WAR's own, in one
 * place (a door's port, a network setting's range, an image size), and the model's emulation is the slow doors' own
 * proxy. A new reach-in into the WAR fails this test: name it here with its reason, or let the instruments own a copy.
 */
class WhatTheInstrumentsTakeFromTheWarTest {

    static final Map<String, String> API = new TreeMap<>(Map.ofEntries(
            Map.entry("door.Door", "the doors a cell loads through: their names, protocols and ports"),
            Map.entry("door.NetworkSetting", "the range and unit of each network setting, as the slow doors take it"),
            Map.entry("latency.Network", "a cell's network: round trip, loss, link rate, receive window"),
            Map.entry("latency.CongestionControl", "the congestion controls the slow doors and the lab emulate"),
            Map.entry("latency.DelayProxy", "the model's emulation is the slow doors' own TCP delay proxy"),
            Map.entry("latency.DatagramDelayProxy", "and their UDP one, for door 4"),
            Map.entry("latency.EmulatingProxy", "what both proxies are to the emulation that starts and stops them"),
            Map.entry("page.ImageSize", "the page's image sizes, by the name a cell and the page's query give them"),
            Map.entry("page.LogoCount", "how many images a page may have"),
            Map.entry("page.LogoServlet", "the logo's path, which the benchmarks load"),
            Map.entry("page.LogoWallServlet", "the page's path, which the servers' benchmark loads and copies for nginx and Caddy"),
            Map.entry("page.LabPoints", "the lab's points file the race page draws, written by the comparison"),
            Map.entry("page.LabPoint", "one point of it"),
            Map.entry("page.AnswerCurveLine", "the headline's curve the race page predicts from, written by the comparison"),
            Map.entry("edge.TlsIdentity", "the keystore as a TLS identity, for the edges the comparison starts"),
            Map.entry("setting.Token", "the one parser of a setting's names (a browser, an edge, a front, a congestion control)")));

    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?io\\.github\\.http2wildfly\\.(\\w+\\.\\w+)", Pattern.MULTILINE);

    @Test
    void theInstrumentsUseOnlyTheWarsNamedApiAndAllOfIt() throws IOException {
        Set<String> warPackages;
        try (Stream<Path> dirs = Files.list(Path.of("src/main/java/io/github/http2wildfly"))) {
            warPackages = dirs.filter(Files::isDirectory).map(dir -> dir.getFileName().toString()).collect(Collectors.toSet());
        }
        Set<String> used = new TreeSet<>();
        try (Stream<Path> files = Stream.of("gatling/java", "src/servers/bench/java").flatMap(root -> walk(root))) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(file -> {
                Matcher imported = IMPORT.matcher(read(file));
                while (imported.find()) {
                    if (warPackages.contains(imported.group(1).substring(0, imported.group(1).indexOf('.')))) {
                        used.add(imported.group(1));
                    }
                }
            });
        }
        assertEquals(API.keySet(), used);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Path> walk(String root) {
        try {
            return Files.walk(Path.of(root));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
