package io.github.http2wildfly.comparison.settings;

import static io.github.http2wildfly.servers.FilledInSettings.required;

import io.github.http2wildfly.comparison.settings.ComparisonSettings.Browser;
import io.github.http2wildfly.setting.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What loads the page: Gatling, and the browsers beside it.
 *
 * @param browsers the browsers that load the page beside Gatling, each a leg of its own (none: Gatling alone;
 *     comparison.browsers)
 * @param gatlingVersion the Gatling the build runs, as its leg names itself (comparison.gatling.version)
 */
public record Tools(List<Browser> browsers, String gatlingVersion) {

    static Tools from(Properties given) {
        return new Tools(browsers(given.getProperty("comparison.browsers", "")), required(given, "comparison.gatling.version"));
    }

    /** The lab's browsers: Chromium first, the one the model is checked against (ModelAgainstLab), then the others asked for. */
    public List<Browser> labBrowsers() {
        List<Browser> lab = new ArrayList<>(List.of(Browser.CHROMIUM));
        browsers.stream().filter(browser -> browser != Browser.CHROMIUM).forEach(lab::add);
        return List.copyOf(lab);
    }

    static List<Browser> browsers(String value) {
        return Token.parseAll(Browser.class, "comparison.browsers", value);
    }
}
