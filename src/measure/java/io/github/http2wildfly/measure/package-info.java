/**
 * The instruments that measure the doors from outside, which the ITs and the comparison ({@code gatling/}) share:
 * the browsers' drivers ({@code browser}: headless Chromium and Firefox trusting exactly the project's certificate,
 * and what each page cost them), the network's probes and clients ({@code net}: a delay proxy's round-trip probe,
 * the echo servers it probes through, a port that refuses, ports free for a listener started later, Netty's HTTP/3
 * client), the attacks ({@code attack}), the check of a user's own server ({@code check}), the pages' marked
 * blocks a run writes ({@link io.github.http2wildfly.measure.MarkedBlock}), the report pages drawn from their data
 * ({@link io.github.http2wildfly.measure.ReportTemplate}), and the statistics ({@code statistics}:
 * how every repeated measurement is summed up, and the intervals, stopping rule and meta-regression the comparison
 * and the fronts' benchmark share). Not the application's (it is never in the WAR), nor a test's: compiled beside
 * the tests, which the comparison is too.
 */
package io.github.http2wildfly.measure;
