package io.github.http2wildfly.setting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
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
        return find(type, value).orElseThrow(() -> unknown(setting, value, value, all(type)));
    }

    /** A comma-separated list, each name once, in the order given; blanks between commas are skipped. */
    static <E extends Enum<E> & Token> List<E> parseAll(Class<E> type, String setting, String value) {
        return parseAll(setting, value, name -> find(type, name), all(type));
    }

    /**
     * The same list of values a setting names in its own way (a door by its constant, "on" for true): {@code find}
     * is given each name stripped, and {@code names} is what the line about a name it does not know lists.
     *
     * @throws IllegalArgumentException "comparison.rwnds=on,maybe: 'maybe' is not one of on, off"
     */
    static <T> List<T> parseAll(String setting, String value, Function<String, Optional<T>> find, String names) {
        List<T> all = new ArrayList<>();
        for (String name : String.valueOf(value).split(",")) {
            if (!name.isBlank()) {
                T one = find.apply(name.strip()).orElseThrow(() -> unknown(setting, value, name, names));
                if (!all.contains(one)) {
                    all.add(one);
                }
            }
        }
        return List.copyOf(all);
    }

    private static IllegalArgumentException unknown(String setting, String value, String name, String names) {
        return new IllegalArgumentException(setting + "=" + value + ": '" + String.valueOf(name).strip() + "' is not one of " + names);
    }
}
