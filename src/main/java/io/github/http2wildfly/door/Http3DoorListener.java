package io.github.http2wildfly.door;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Opens door 4 with the application and closes it, every socket and thread, with it. */
@WebListener
public class Http3DoorListener implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(Http3Door.class.getName());

    @Override
    public void contextInitialized(ServletContextEvent event) {
        if (!Http3Door.isConfigured(System.getProperties())) {
            LOG.info("No HTTP/3 door: this server was not configured by the project's wildfly/h3-door.cli");
            return;
        }
        Http3Door door = Http3Door.open(System.getProperties(), warning -> LOG.log(Level.WARNING, warning));
        if (door != null) {
            door.register(event.getServletContext());
            LOG.info("HTTP/3 door: " + door);
        }
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        Http3Door door = Http3Door.of(event.getServletContext());
        if (door != null) {
            door.close();
        }
    }
}
