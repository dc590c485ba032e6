package io.github.http2wildfly;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Opens door 4 and its slow twin with the application and closes them, every socket and thread, with it. */
@WebListener
public class Http3DoorListener implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(Http3Door.class.getName());

    @Override
    public void contextInitialized(ServletContextEvent event) {
        if (!Http3Door.isConfigured(System.getProperties())) {
            LOG.info("No HTTP/3 door: this server was not configured by the project's wildfly/h3-door.cli");
            return;
        }
        SlowNetwork network = null;
        try {
            network = SlowNetwork.parse(setting -> System.getProperty(setting.systemProperty()));
        } catch (IllegalArgumentException noSlowDoors) {
            LOG.info("HTTP/3 door without a slow twin: the server has no slow doors' network");
        }
        Http3Door door = Http3Door.open(System.getProperties(), network, warning -> LOG.log(Level.WARNING, warning));
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
