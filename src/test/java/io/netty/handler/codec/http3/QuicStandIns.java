package io.netty.handler.codec.http3;

import static java.util.concurrent.TimeUnit.SECONDS;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.DefaultChannelPromise;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.AttributeKey;
import io.netty.util.DefaultAttributeMap;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * The little of a QUIC connection and its streams that Netty's QPACK classes touch (an event loop, a buffer allocator,
 * writes), so that the scenarios drive those classes without a network; anything else they touch fails loudly.
 */
final class QuicStandIns {

    private QuicStandIns() {
    }

    interface OnTheLoop<T> {
        T run(EventLoop loop) throws Exception;
    }

    interface Answer {
        Object answer(Method method, Object[] arguments) throws Exception;
    }

    interface Instruction {
        String read(ByteBuf instruction) throws QpackException;
    }

    /** On an event loop of its own: QpackAttributes insists on its connection's. */
    static <T> T onAnEventLoop(OnTheLoop<T> scenario) throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try {
            return loop.submit(() -> scenario.run(loop)).get(10, SECONDS);
        } finally {
            loop.shutdownGracefully(0, 0, SECONDS);
        }
    }

    /** A connection with its event loop and its attributes (where Netty keeps a connection's QPACK state). */
    static QuicChannel connection(EventLoop loop) {
        DefaultAttributeMap attributes = new DefaultAttributeMap();
        return proxy(QuicChannel.class, "the connection", (method, arguments) -> switch (method.getName()) {
            case "eventLoop" -> loop;
            case "attr" -> attributes.attr((AttributeKey<?>) arguments[0]);
            default -> unsupported(method);
        });
    }

    /** A unidirectional stream that writes down what is written on it, each write read as one instruction. */
    static QuicStreamChannel recordingStream(String name, Instruction reader, List<String> said) {
        QuicStreamChannel[] stream = new QuicStreamChannel[1];
        stream[0] = proxy(QuicStreamChannel.class, name, (method, arguments) -> switch (method.getName()) {
            case "alloc" -> UnpooledByteBufAllocator.DEFAULT;
            case "writeAndFlush" -> {
                ByteBuf instruction = (ByteBuf) arguments[0];
                try {
                    said.add(reader.read(instruction));
                } finally {
                    instruction.release();
                }
                yield new DefaultChannelPromise((Channel) stream[0], ImmediateEventExecutor.INSTANCE).setSuccess();
            }
            default -> unsupported(method);
        });
        return stream[0];
    }

    static <T> T proxy(Class<T> type, String name, Answer answer) {
        return type.cast(Proxy.newProxyInstance(QuicStandIns.class.getClassLoader(), new Class<?>[] {type},
                (self, method, arguments) -> switch (method.getName()) {
                    case "hashCode" -> System.identityHashCode(self);
                    case "equals" -> self == arguments[0];
                    case "toString" -> name;
                    default -> answer.answer(method, arguments);
                }));
    }

    static Object unsupported(Method method) {
        throw new UnsupportedOperationException(method.getName() + ": not part of the stand-in");
    }
}
