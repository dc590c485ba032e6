package io.github.http2wildfly.setting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An enum constant as a setting names it ("reno", "h2c", "rapid-reset", "haproxy-h2"), and the one parser every
 * setting of the project reads such names with, page, build, check, benchmark and comparison alike: a name it does not
 * know is one line that names the setting and every name it takes.
 */
public interface Token {

    /** As a setting names it: the constant's name in lower case, a hyphen for each underscore. */
    default String token() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The constant named {@code value} (blanks around it ignored), if any. */
    static <E extends Enum<E> & Token> Optional<E> find(Class<E> type, String value) {
        String token = String.valueOf(value).strip();
        return Arrays.stream(type.getEnumConstants()).filter(constant -> constant.token().equals(token)).findFirst();
    }

    /** "reno, cubic, bbr": every name, in the enum's order. */
    static <E extends Enum<E> & Token> String all(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Token::token).collect(Collectors.joining(", "));
    }

    /** @throws IllegalArgumentException "cluster.hop=h3: 'h3' is not one of ajp, http, h2c, h2" */
    static <E extends Enum<E> & Token> E parse(Class<E> type, String setting, String value) {
        return find(type, value).orElseThrow(() -> unknown(type, setting, value, value));
    }

    /** A comma-separated list, each name once, in the order given; blanks between commas are skipped. */
    static <E extends Enum<E> & Token> List<E> parseAll(Class<E> type, String setting, String value) {
        List<E> all = new ArrayList<>();
        for (String name : String.valueOf(value).split(",")) {
            if (!name.isBlank()) {
                E constant = find(type, name).orElseThrow(() -> unknown(type, setting, value, name));
                if (!all.contains(constant)) {
                    all.add(constant);
                }
            }
        }
        return List.copyOf(all);
    }

    private static IllegalArgumentException unknown(Class<? extends Enum<?>> type, String setting, String value, String name) {
        String names = Arrays.stream(type.getEnumConstants()).map(constant -> ((Token) constant).token()).collect(Collectors.joining(", "));
        return new IllegalArgumentException(setting + "=" + value + ": '" + String.valueOf(name).strip() + "' is not one of " + names);
    }
}
