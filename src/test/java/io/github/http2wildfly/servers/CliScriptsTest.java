package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CLI patches are well-formed without a server to run them on (the legacy one needs a JDK 8):
 * every line is a comment, an operation on a resource address with balanced brackets and quotes,
 * or CLI control flow, and every @placeholder@ is a property the pom defines.
 */
class CliScriptsTest {

    private static final Path WILDFLY = Path.of("wildfly");
    private static final Pattern OPERATION = Pattern.compile("(/[\\w.-]+=[\\w.*$-]+)+:[\\w-]+(\\(.*\\))?");
    private static final Pattern CONTROL = Pattern.compile(
            "(if \\(outcome == success\\) of .+|end-if|else|for \\w+ in .+|done|set \\w+=\\S+|embed-server( --[\\w-]+=\\S+)*|stop-embedded-server)");
    private static final Pattern PLACEHOLDER = Pattern.compile("@([\\w.-]+)@");
    private static final Pattern DEFINITION = Pattern.compile("(?:set|for) (\\w+)(?:=| in ).*");
    private static final Pattern VARIABLE = Pattern.compile("\\$(\\w+)");

    static List<Path> scripts() throws IOException {
        try (Stream<Path> files = Files.walk(WILDFLY)) {
            return files.filter(file -> file.toString().endsWith(".cli")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("scripts")
    void everyLineIsACommentAnOperationOrControlFlow(Path script) throws IOException {
        List<String> wrong = new ArrayList<>();
        for (String line : Files.readAllLines(script)) {
            String command = line.strip();
            if (command.isEmpty() || command.startsWith("#")) {
                continue;
            }
            String operation = command.startsWith("if ") ? command.replaceFirst(".* of ", "")
                    : command.startsWith("for ") ? command.replaceFirst(".* in ", "") : command;
            boolean wellFormedControl = CONTROL.matcher(command).matches()
                    && (!command.startsWith("for ") || OPERATION.matcher(operation).matches());
            if (!(wellFormedControl || OPERATION.matcher(command).matches()) || !balanced(operation)) {
                wrong.add(command);
            }
        }
        assertEquals(List.of(), wrong, script.toString());
    }

    @ParameterizedTest
    @MethodSource("scripts")
    void everyVariableIsSetOrLoopedOverBeforeItIsUsed(Path script) throws IOException {
        Set<String> defined = new HashSet<>();
        List<String> undefined = new ArrayList<>();
        for (String line : Files.readAllLines(script)) {
            Matcher definition = DEFINITION.matcher(line.strip());
            if (definition.matches()) {
                defined.add(definition.group(1));
            }
            Matcher use = VARIABLE.matcher(line.startsWith("#") ? "" : line);
            while (use.find()) {
                if (!defined.contains(use.group(1))) {
                    undefined.add(use.group());
                }
            }
        }
        assertEquals(List.of(), undefined, script.toString());
    }

    @ParameterizedTest
    @MethodSource("scripts")
    void everyPlaceholderIsAPomProperty(Path script) throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher placeholder = PLACEHOLDER.matcher(Files.readString(script));
        while (placeholder.find()) {
            String name = placeholder.group(1);
            assertTrue(pom.contains("<" + name + ">"), script + ": @" + name + "@ is not a property of the pom");
        }
    }

    static boolean balanced(String command) {
        int depth = 0;
        boolean quoted = false;
        for (char c : command.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '(' || c == '[' || c == '{')) {
                depth++;
            } else if (!quoted && (c == ')' || c == ']' || c == '}')) {
                depth--;
                if (depth < 0) {
                    return false;
                }
            }
        }
        return depth == 0 && !quoted;
    }
}
