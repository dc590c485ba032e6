package io.github.http2wildfly.it;

import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The set-up every IT shares: the project's WAR on the managed WildFly, tested from outside as a
 * client would, with the doors found through the server's management interface.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
abstract class DeployedWarTest {

    @ArquillianResource
    private URL deploymentUrl;

    @ArquillianResource
    private ManagementClient management;

    protected ServerDoors doors;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.projectWar();
    }

    @BeforeEach
    void findDoors() {
        doors = new ServerDoors(management, deploymentUrl);
    }
}
