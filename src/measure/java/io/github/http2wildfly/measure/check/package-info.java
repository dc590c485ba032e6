/**
 * The check of a user's own server ({@code ./mvnw verify -Pcheck -Dcheck.url=…}, docs/check.md): {@link
 * io.github.http2wildfly.measure.check.ServerCheck} asks the server what a WildFly user wants to know (per client and
 * TLS version, h2c, conformance, oversized headers, the named attacks sent gently, HTTP/3, its identity) and writes
 * each {@link io.github.http2wildfly.measure.check.Finding} with its verdict and the line of docs/your-wildfly.md that
 * fixes it.
 */
package io.github.http2wildfly.measure.check;
