package io.github.http2wildfly.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EndAfterHeadersTest {

    private final List<Object> seen = new ArrayList<>();
    private final EmbeddedChannel stream = new EmbeddedChannel(new Http3Edge.EndAfterHeaders(), new ChannelInboundHandlerAdapter() {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            seen.add(message);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            seen.add(event);
        }
    });

    @Test
    void anEndThatOvertakesTheHeadersComesAfterThem() {
        stream.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
        assertEquals(List.of(), seen, "held back");
        stream.writeInbound(new DefaultHttp3HeadersFrame());
        assertEquals(2, seen.size());
        assertInstanceOf(DefaultHttp3HeadersFrame.class, seen.get(0));
        assertEquals(ChannelInputShutdownEvent.INSTANCE, seen.get(1));
    }

    @Test
    void anEndAfterTheHeadersPassesAsItCame() {
        stream.writeInbound(new DefaultHttp3HeadersFrame());
        stream.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
        assertEquals(2, seen.size());
        assertEquals(ChannelInputShutdownEvent.INSTANCE, seen.get(1));
    }
}
