package io.github.http2wildfly;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.concurrent.CompletableFuture;

/**
 * Stops the dev server when the Maven process that launched it ({@code ./mvnw wildfly:run}) is gone.
 *
 * <p>Ctrl-C in a terminal reaches both processes, but an IDE's stop button or a {@code kill} of Maven
 * reaches only Maven, and the forked server would keep the ports. Active only where the server was
 * started with {@code -Dh2demo.exit-with-launcher=true}, as the pom does for wildfly:run and wildfly:dev.
 */
@WebListener
public class ExitWithLauncher implements ServletContextListener {

    static final String PROPERTY = "h2demo.exit-with-launcher";

    private CompletableFuture<?> watch;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        if (!Boolean.getBoolean(PROPERTY)) {
            return;
        }
        ProcessHandle.current().parent().ifPresent(launcher -> {
            event.getServletContext().log("The server stops when its launcher, process " + launcher.pid()
                    + ", ends (" + PROPERTY + ")");
            watch = launcher.onExit().thenRun(() -> System.exit(0));
        });
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (watch != null) {
            // Undeployed or redeployed (wildfly:dev): the next deployment watches again.
            watch.cancel(false);
        }
    }
}
