package io.github.http2wildfly.it;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The tests deploy the WAR the build made, not a rebuilt subset of it. */
final class Deployments {

    private static final File WAR = new File(System.getProperty("deployment.war", "target/war/http2.war"));

    private static WebArchive imported;

    private Deployments() {
    }

    /**
     * The project's WAR under another name, so it can sit beside a dev server's own deployment
     * when the tests run against an already running server.
     */
    static synchronized WebArchive projectWar() {
        if (!WAR.isFile()) {
            throw new IllegalStateException(WAR.getAbsolutePath() + " does not exist: run ./mvnw package first");
        }
        if (imported == null) { // read once: every IT class deploys it, and it carries five native QUIC jars
            imported = ShrinkWrap.create(ZipImporter.class, "http2-it.war").importFrom(WAR).as(WebArchive.class);
        }
        return imported;
    }
}
