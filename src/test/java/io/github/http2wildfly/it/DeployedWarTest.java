package io.github.http2wildfly.it;

import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The set-up every IT shares: the project's WAR on the managed WildFly, tested from outside as a
 * client would, with the doors found through the server's management interface.
 */
@ExtendWith({ArquillianExtension.class, DeployedWarTest.DeployOnce.class})
@RunAsClient
abstract class DeployedWarTest {

    /** The container of arquillian.xml, named: without a deployment, no test class names one. */
    @ArquillianResource
    @TargetsContainer("wildfly")
    private ManagementClient management;

    protected ServerDoors doors;

    /** After Arquillian has injected the management client (extensions run in the order declared). */
    static final class DeployOnce implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            DeployedWarTest test = (DeployedWarTest) context.getRequiredTestInstance();
            test.doors = Deployments.doors(context, test.management);
        }
    }
}
