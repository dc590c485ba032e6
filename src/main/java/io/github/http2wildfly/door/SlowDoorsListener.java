package io.github.http2wildfly.door;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Opens the slow doors with the application and closes them, every socket and thread, with it. */
@WebListener
public class SlowDoorsListener implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(SlowDoors.class.getName());

    @Override
    public void contextInitialized(ServletContextEvent event) {
        if (System.getProperty(NetworkSetting.ROUND_TRIP.systemProperty()) == null) {
            LOG.info("No slow doors: this server was not configured by the project's wildfly/slow-doors.cli");
            return;
        }
        SlowDoors doors;
        try {
            doors = SlowDoors.open(System.getProperties(), warning -> LOG.log(Level.WARNING, warning));
        } catch (IllegalArgumentException badSetting) {
            LOG.warning("No slow doors: the server's h2demo.slow.* properties (the pom's slow.*): " + badSetting.getMessage());
            return;
        }
        doors.register(event.getServletContext());
        LOG.info("Slow doors: " + doors);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        SlowDoors doors = SlowDoors.of(event.getServletContext());
        if (doors != null) {
            doors.close();
        }
    }
}
