package io.github.http2wildfly.it;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The tests deploy the WAR the build made, not a rebuilt subset of it. */
final class Deployments {

    private static final File WAR = new File(System.getProperty("deployment.war", "target/war/http2.war"));

    private Deployments() {
    }

    /**
     * The project's WAR under another name, so it can sit beside a dev server's own deployment
     * when the tests run against an already running server.
     */
    static WebArchive projectWar() {
        if (!WAR.isFile()) {
            throw new IllegalStateException(WAR.getAbsolutePath() + " does not exist: run ./mvnw package first");
        }
        return ShrinkWrap.create(ZipImporter.class, "http2-it.war").importFrom(WAR).as(WebArchive.class);
    }
}
