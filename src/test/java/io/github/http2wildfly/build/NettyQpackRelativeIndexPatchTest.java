package io.github.http2wildfly.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Door 4's QPACK decoder with the fix the build carries (src/patches/netty-codec-http3), against Netty's own
 * class. RFC 9204 section 3.2.5: in an encoder instruction, relative index 0 is the entry inserted last.
 */
class QpackPatchTest {

    private static final String PACKAGE = "io.netty.handler.codec.http3.";

    @Test
    void theDecoderFindsAnInsertsNameReferenceCountingFromTheEntryInsertedLast() throws Exception {
        Table table = new Table(QpackPatchTest.class.getClassLoader());
        table.add("first").add("second").add("third");
        assertEquals("third", table.relative(0));
        assertEquals("second", table.relative(1));
        assertEquals("first", table.relative(2));
        assertThrows(InvocationTargetException.class, () -> table.relative(3), "no fourth entry");
    }

    @Test
    void anEvictedEntryCannotBeReferenced() throws Exception {
        Table table = new Table(QpackPatchTest.class.getClassLoader());
        for (int i = 100; i < 200; i++) { // 100 entries of 37 bytes (RFC 9204: name, value, 32) through 1,024: the ring wraps
            table.add("n" + i);
        }
        assertEquals("n199", table.relative(0));
        assertEquals("n173", table.relative(26));
        assertThrows(InvocationTargetException.class, () -> table.relative(27), "evicted: 27 entries of 37 bytes fit");
    }

    /**
     * Netty's class, loaded from its jar without the fix, still counts from the oldest entry. When this fails, Netty
     * has fixed it: delete the diff (the build also stops once the diff no longer applies).
     */
    @Test
    void nettysOwnDecoderStillCountsFromTheOldestEntry() throws Exception {
        try (URLClassLoader withoutTheFix = new URLClassLoader(librariesOnly(), null)) {
            Table table = new Table(withoutTheFix);
            table.add("first").add("second").add("third");
            assertEquals("first", table.relative(0), "relative index 0: Netty still returns the oldest entry");
            assertThrows(InvocationTargetException.class, () -> table.relative(1));
        }
    }

    /**
     * The frame codec that holds a request's end of input back while its HEADERS wait for QPACK state
     * (qpack-end-of-input-while-suspended.diff) is the patched one; Netty's own passes every event on as its
     * superclass does. Its behaviour is Http3DoorIT's ngtcp2 test (-Pslow); when Netty's class handles the event
     * itself, check whether it holds the end back and the diff can go (the build stops once the diff no longer applies).
     */
    @Test
    void onlyThePatchedFrameCodecHoldsTheEndOfInputBack() throws Exception {
        String codec = PACKAGE + "Http3FrameCodec";
        assertTrue(declaresUserEvents(Class.forName(codec, false, QpackPatchTest.class.getClassLoader())));
        try (URLClassLoader withoutTheFix = new URLClassLoader(librariesOnly(), null)) {
            assertFalse(declaresUserEvents(Class.forName(codec, false, withoutTheFix)), "Netty's own class handles them now");
        }
    }

    private static boolean declaresUserEvents(Class<?> codec) {
        return Stream.of(codec.getDeclaredMethods()).anyMatch(method -> method.getName().equals("userEventTriggered"));
    }

    /** The test classpath without the application's classes, where the patched class is. */
    private static URL[] librariesOnly() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.endsWith(".jar")).map(entry -> {
                    try {
                        return Path.of(entry).toUri().toURL();
                    } catch (MalformedURLException e) {
                        throw new IllegalStateException(e);
                    }
                }).toArray(URL[]::new);
    }

    /** QpackDecoderDynamicTable through reflection: it is package-private, and loaded twice here. */
    private static final class Table {
        private final Object table;
        private final Constructor<?> field;
        private final Method add;
        private final Method relative;

        Table(ClassLoader loader) throws ReflectiveOperationException {
            Class<?> tableClass = Class.forName(PACKAGE + "QpackDecoderDynamicTable", true, loader);
            Class<?> fieldClass = Class.forName(PACKAGE + "QpackHeaderField", true, loader);
            Constructor<?> constructor = tableClass.getDeclaredConstructor();
            constructor.setAccessible(true);
            table = constructor.newInstance();
            Method capacity = tableClass.getDeclaredMethod("setCapacity", long.class);
            capacity.setAccessible(true);
            capacity.invoke(table, 1024L);
            field = fieldClass.getDeclaredConstructor(CharSequence.class, CharSequence.class);
            field.setAccessible(true);
            add = tableClass.getDeclaredMethod("add", fieldClass);
            add.setAccessible(true);
            relative = tableClass.getDeclaredMethod("getEntryRelativeEncoderInstructions", int.class);
            relative.setAccessible(true);
        }

        Table add(String name) throws ReflectiveOperationException {
            add.invoke(table, field.newInstance(name, "v"));
            return this;
        }

        String relative(int index) throws ReflectiveOperationException {
            Object entry = relative.invoke(table, index);
            java.lang.reflect.Field name = entry.getClass().getDeclaredField("name");
            name.setAccessible(true);
            return name.get(entry).toString();
        }
    }
}
