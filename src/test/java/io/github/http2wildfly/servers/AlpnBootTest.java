package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.servers.AlpnBoot.JdkVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AlpnBootTest {

    @TempDir
    Path dir;

    /** Every row of Jetty's table at both ends, and the article's 8u45. */
    @ParameterizedTest
    @CsvSource({
        "0, 8.1.0.v20141016", "20, 8.1.0.v20141016", "25, 8.1.2.v20141202", "31, 8.1.3.v20150130",
        "45, 8.1.3.v20150130", "51, 8.1.4.v20150727", "60, 8.1.5.v20150921", "65, 8.1.6.v20151105",
        "66, 8.1.6.v20151105", "71, 8.1.7.v20160121", "77, 8.1.7.v20160121", "91, 8.1.8.v20160420",
        "92, 8.1.8.v20160420", "101, 8.1.9.v20160720", "102, 8.1.9.v20160720", "111, 8.1.10.v20161026",
        "112, 8.1.10.v20161026", "121, 8.1.11.v20170118", "152, 8.1.11.v20170118", "161, 8.1.12.v20180117",
        "181, 8.1.12.v20180117", "191, 8.1.13.v20181017", "242, 8.1.13.v20181017"})
    void eachUpdateGetsItsVersion(int update, String version) {
        assertEquals(Optional.of(version), AlpnBoot.versionFor(new JdkVersion(8, update, "1.8.0_" + update)));
    }

    @ParameterizedTest
    @ValueSource(ints = {252, 262, 292, 412})
    void fromUpdate252AlpnIsBuiltIn(int update) {
        assertEquals(Optional.empty(), AlpnBoot.versionFor(new JdkVersion(8, update, "1.8.0_" + update)));
    }

    @ParameterizedTest
    @ValueSource(ints = {21, 24, 26, 46, 153, 182, 243, 251})
    void updatesOutsideTheTableFailClearly(int update) {
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class,
                () -> AlpnBoot.versionFor(new JdkVersion(8, update, "1.8.0_" + update)));
        assertEquals("No alpn-boot is known for JDK 1.8.0_" + update + " (8u" + update + "): Jetty's table covers 8u0 to"
                + " 8u242 and ALPN is built in from 8u252; use a JDK 8 update from either", failure.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"1.8.0_45, 8, 45", "1.8.0, 8, 0", "1.8.0_242-b08, 8, 242", "11.0.2, 11, 0", "17, 17, 0", "25-ea, 25, 0"})
    void releaseVersionsParse(String text, int feature, int update) {
        JdkVersion version = JdkVersion.parse(text);
        assertEquals(feature, version.feature());
        assertEquals(update, version.update());
    }

    @Test
    void aNewerJdkIsNotAJdk8() {
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> AlpnBoot.versionFor(JdkVersion.parse("11.0.2")));
        assertTrue(failure.getMessage().startsWith("jdk8.home is a JDK 11 (11.0.2)"), failure.getMessage());
    }

    @Test
    void forTheArticlesJdkItsVersionTakesThePlaceOfAnEarlierJdksBootJar() throws IOException {
        Path bootJar = Files.writeString(Files.createDirectories(dir.resolve("target")).resolve("alpn-boot.jar"), "an earlier JDK's");
        assertEquals(Optional.of("8.1.3.v20150130"), AlpnBoot.choose(JdkVersion.of(fakeJdk("1.8.0_45")), bootJar, this::jarOf));
        assertEquals("alpn-boot 8.1.3.v20150130", Files.readString(bootJar));
    }

    @Test
    void aJdkWithAlpnBuiltInGetsNoBootJarAndAnEarlierOneGoes() throws IOException {
        Path bootJar = Files.writeString(Files.createDirectories(dir.resolve("target")).resolve("alpn-boot.jar"), "an earlier JDK's");
        assertEquals(Optional.empty(), AlpnBoot.choose(JdkVersion.of(fakeJdk("1.8.0_262")), bootJar, version -> {
            throw new AssertionError("nothing to fetch for a JDK with ALPN built in");
        }));
        assertFalse(Files.exists(bootJar));
    }

    /** A local repository's jar of that version. */
    private Path jarOf(String version) {
        try {
            return Files.writeString(Files.createDirectories(dir.resolve("repository/" + version)).resolve("alpn-boot.jar"), "alpn-boot " + version);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aNonJdkFailsClearly() {
        BuildCheckFailure notAJdk = assertThrows(BuildCheckFailure.class, () -> JdkVersion.of(dir));
        assertTrue(notAJdk.getMessage().startsWith("jdk8.home=" + dir + " is not a JDK"), notAJdk.getMessage());
    }

    private Path fakeJdk(String version) throws IOException {
        Path home = Files.createDirectories(dir.resolve("jdk-" + version));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\nOS_NAME=\"Linux\"\n");
        return home;
    }
}
