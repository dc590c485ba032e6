/**
 * The test helpers that the comparison ({@code gatling/}, compiled with {@code -Pgatling} only) shares with the
 * tests: headless Chromium trusting exactly the project's certificate, the round-trip probe of a delay proxy, the echo server it probes
 * through, and {@link io.github.http2wildfly.shared.Spread}, how every repeated measurement is summed up.
 * The comparison uses the tests through this package alone, and the application through its public types.
 */
package io.github.http2wildfly.shared;
