package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The race page with the cluster running: a fourth lane, HTTP/2 through WildFly's balancer, behind the same slow
 * network as the others, its frames served by the cluster's nodes; raced in headless Chromium beside the doors.
 */
@Tag("cluster")
@Tag("browser")
class ClusterRaceIT extends DeployedWarTest {

    @Test
    void withTheClusterRunningTheRaceHasALaneThroughTheBalancerOverHttp2() throws Exception {
        try (Cluster cluster = ClusterServers.start(ClusterServers.settings().hop()); HeadlessChromium chromium = new HeadlessChromium()) {
            WebDriver driver = chromium.driver();
            driver.manage().window().setSize(new Dimension(1600, 1500));
            driver.get(doors.uri(Door.HTTP_2_TLS, "/race").toString());
            assertTrue(driver.findElement(By.id("cluster-note")).getText().startsWith("The lane HTTP/2 through WildFly's balancer"));
            WebElement lane = driver.findElement(By.cssSelector(".lane[data-key='cluster']"));
            assertEquals("h2", lane.getDomAttribute("data-protocol"));
            assertEquals("HTTP/2 through WildFly's balancer, far away", lane.getDomAttribute("data-label"));

            driver.findElement(By.id("rounds")).clear();
            driver.findElement(By.id("rounds")).sendKeys("1");
            driver.findElement(By.id("start")).click();
            WebElement race = driver.findElement(By.id("race"));
            new WebDriverWait(driver, Duration.ofMinutes(6)).until(d -> List.of("done", "failed").contains(race.getDomAttribute("data-state")));

            assertEquals("done", race.getDomAttribute("data-state"), driver.findElement(By.id("problem")).getText());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> results = (List<Map<String, Object>>) chromium.script(
                    "return JSON.parse(document.getElementById('race').dataset.results)");
            assertEquals(List.of("http/1.1", "h2", "cluster"), results.stream().map(r -> r.get("lane")).toList(),
                    "the lane through the balancer says: " + driver.findElement(By.cssSelector(".lane[data-key='cluster'] .time")).getText());
            Map<String, Object> balanced = results.get(2);
            assertEquals("h2", balanced.get("protocol"), "the lane through the balancer: " + balanced);
            assertEquals(500, ((Number) balanced.get("images")).intValue(), balanced.toString());
            assertEquals(true, balanced.get("counted"));
            assertTrue(Double.parseDouble(race.getDomAttribute("data-cluster-millis")) > 0);
            String summary = driver.findElement(By.id("summary")).getText();
            assertTrue(summary.contains("through the balancer / HTTP/2 = "), summary);
            System.out.printf("race with the cluster (hop %s), 1 round: %s%n", cluster.hop().token(), summary);
            chromium.screenshot("race-cluster", null);
        }
    }
}
