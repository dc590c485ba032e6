package io.github.http2wildfly.comparison.settings;

import static io.github.http2wildfly.servers.FilledInSettings.required;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.door.NetworkSetting;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.page.ImageSize;
import io.github.http2wildfly.setting.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * What a run measures: each door under each combination of the other lists ({@link #cells}). Every list but the doors
 * is sorted, each value once.
 *
 * @param doors the doors to compare, in the order given (comparison.doors)
 * @param roundTripsMillis the round trips to emulate, in milliseconds (comparison.rtts)
 * @param lossesPercent the packet losses to emulate, in percent of segments (comparison.losses)
 * @param bandwidthsMbps the link rates to emulate, in Mbit/s, 0 for no limit (comparison.bandwidths)
 * @param congestionControls the senders' congestion controls to compare (comparison.ccs)
 * @param clientMillicores the browser's CPU budgets to compare, in thousandths of a core, unlimited (0) first, then from
 *     the most (comparison.clientcpus)
 * @param receiveWindows whether the model's senders wait on the client's receive window: on, off, or both to compare, on
 *     first (comparison.rwnds)
 * @param sizes the sizes of the page's images, from the logo to the largest (comparison.sizes)
 */
public record Grid(
        List<Door> doors,
        List<Integer> roundTripsMillis,
        List<Integer> lossesPercent,
        List<Integer> bandwidthsMbps,
        List<CongestionControl> congestionControls,
        List<Integer> clientMillicores,
        List<Boolean> receiveWindows,
        List<ImageSize> sizes) {

    static Grid from(Properties given) {
        List<Door> doors = doors(required(given, "comparison.doors"));
        List<Integer> roundTripsMillis = numbers(given, "comparison.rtts", NetworkSetting.ROUND_TRIP);
        List<Integer> lossesPercent = numbers(given, "comparison.losses", NetworkSetting.LOSS);
        List<Integer> bandwidthsMbps = numbers(given, "comparison.bandwidths", NetworkSetting.BANDWIDTH);
        List<CongestionControl> congestionControls = congestionControls(required(given, "comparison.ccs"));
        List<Integer> clientMillicores = clientMillicores(required(given, "comparison.clientcpus"));
        List<Boolean> receiveWindows = receiveWindows(required(given, "comparison.rwnds"));
        List<ImageSize> sizes = sizes(required(given, "comparison.sizes"));
        return new Grid(doors, roundTripsMillis, lossesPercent, bandwidthsMbps, congestionControls, clientMillicores, receiveWindows,
                sizes);
    }

    /**
     * Every door under every condition, in a stable order, and under none (RTT 0, no loss, no limit) for each size and
     * CPU budget even when the grid leaves it out: the model's baseline, what the page costs the machine.
     */
    public List<Cell> cells() {
        return sizes.stream().flatMap(size -> conditions(size).stream())
                .flatMap(condition -> doors.stream().map(door -> new Cell(door, condition))).toList();
    }

    /** The grid's conditions with images of this size, each once, the first dimension varying slowest; the baselines first. */
    private List<Condition> conditions(ImageSize size) {
        Condition noNetwork = new Condition(0, 0, 0, size, Condition.BASELINE_CONGESTION_CONTROL);
        Stream<Condition> grid = Stream.of(noNetwork);
        grid = times(grid, bandwidthsMbps, Condition::withBandwidthMbps);
        grid = times(grid, congestionControls, Condition::withCongestionControl);
        grid = times(grid, lossesPercent, Condition::withLossPercent);
        grid = times(grid, roundTripsMillis, Condition::withRttMillis);
        grid = times(grid, clientMillicores, Condition::withClientMillicores);
        // without a round trip the receive window is loopback's own, whatever the setting (Condition.withoutNetwork)
        grid = times(grid, receiveWindows, (condition, on) -> condition.withReceiveWindow(on || condition.rttMillis() == 0));
        List<Condition> conditions = new ArrayList<>(grid.distinct().toList());
        for (int cpu : clientMillicores) {
            Condition baseline = noNetwork.withClientMillicores(cpu);
            if (!conditions.contains(baseline)) {
                // each in front of the one before, as the run always put them: a seed given again draws the same rounds
                conditions.add(0, baseline);
            }
        }
        return conditions;
    }

    /** Each condition with each value of one more dimension, that dimension varying fastest. */
    private static <T> Stream<Condition> times(Stream<Condition> conditions, List<T> values, BiFunction<Condition, T, Condition> with) {
        return conditions.flatMap(condition -> values.stream().map(value -> with.apply(condition, value)));
    }

    /** The doors by their constants' names, in any case, a hyphen for an underscore, in the order given. */
    static List<Door> doors(String value) {
        return Token.parseAll("comparison.doors", value, Grid::door, Arrays.toString(Door.values()));
    }

    private static Optional<Door> door(String name) {
        String constant = name.toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(Door.values()).filter(door -> door.name().equals(constant)).findFirst();
    }

    /** A comma-separated list of one network setting, by its rule, sorted, each value once. */
    static List<Integer> numbers(Properties given, String name, NetworkSetting setting) {
        String value = required(given, name);
        List<Integer> values = new ArrayList<>();
        for (String one : value.split(",")) {
            try {
                values.add(setting.parse(one.strip()));
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException(name + "=" + value + ": expected whole numbers of " + setting.range()
                        + ", separated by commas");
            }
        }
        return values.stream().distinct().sorted().toList();
    }

    /**
     * The browser's CPU budgets in cores ("0" for unlimited, "2,1,0.5,0.25"), as thousandths of a core, unlimited first,
     * then from the most to the least, each once.
     */
    static List<Integer> clientMillicores(String value) {
        List<Integer> budgets = new ArrayList<>();
        for (String one : value.split(",")) {
            try {
                double cores = Double.parseDouble(one.strip());
                int millicores = (int) Math.round(cores * 1000);
                if (cores == 0 || millicores >= 10 && millicores <= 64_000) {
                    budgets.add(millicores);
                    continue;
                }
            } catch (NumberFormatException notANumber) {
                // reported below
            }
            throw new IllegalArgumentException("comparison.clientcpus=" + value + ": expected the browser's cores, 0 (unlimited) or"
                    + " from 0.01 to 64, separated by commas");
        }
        return budgets.stream().distinct().sorted(Comparator.comparingInt(Condition::cpuRank)).toList();
    }

    /** "on", "off" or both: whether the model's senders wait on the client's receive window, on first. */
    static List<Boolean> receiveWindows(String value) {
        return Token.parseAll("comparison.rwnds", value, Grid::onOrOff, "on, off").stream().sorted(Comparator.reverseOrder()).toList();
    }

    private static Optional<Boolean> onOrOff(String name) {
        return switch (name) {
            case "on" -> Optional.of(true);
            case "off" -> Optional.of(false);
            default -> Optional.empty();
        };
    }

    /** In the enum's order, Linux's "reno" first. */
    static List<CongestionControl> congestionControls(String value) {
        return Token.parseAll(CongestionControl.class, "comparison.ccs", value).stream().sorted().toList();
    }

    /** By their query parameters, from the logo to the largest. */
    static List<ImageSize> sizes(String value) {
        return Token.parseAll("comparison.sizes", value, Grid::size,
                Arrays.stream(ImageSize.values()).map(ImageSize::parameter).toList().toString()).stream().sorted().toList();
    }

    private static Optional<ImageSize> size(String parameter) {
        return Arrays.stream(ImageSize.values()).filter(size -> size.parameter().equals(parameter)).findFirst();
    }
}
