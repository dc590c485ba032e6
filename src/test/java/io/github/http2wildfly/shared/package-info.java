/**
 * What the tests share among themselves: a short-lived JVM's command line with the tests' own flags, and the
 * cluster's management model as the cluster ITs read it. The instruments the comparison shares with the tests are
 * in {@code src/measure} ({@link io.github.http2wildfly.measure}).
 */
package io.github.http2wildfly.shared;
