package com.acme.resolver.server;

import java.io.Closeable;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Stand-in for the in-house datagram server framework (the real one lives in platform-net):
 * one receive loop, a fixed worker pool, one {@link PacketHandler} call per datagram.
 */
public final class UdpServer implements Closeable {

    /** Called once per received datagram, on a worker thread. Returns the reply, or null for none. */
    @FunctionalInterface
    public interface PacketHandler {
        byte[] handle(byte[] packet, int length, InetSocketAddress client) throws Exception;
    }

    /** Consulted for every datagram before it is queued. */
    @FunctionalInterface
    public interface AccessPolicy {
        boolean allows(InetSocketAddress client);
    }

    private static final int MAX_DATAGRAM = 1232;

    private final DatagramSocket socket;
    private final ExecutorService workers;
    private volatile boolean running = true;

    public UdpServer(int port, int threads) throws SocketException {
        this.socket = new DatagramSocket(port);
        this.workers = Executors.newFixedThreadPool(threads);
    }

    public void serve(PacketHandler handler, AccessPolicy policy) throws IOException {
        while (running) {
            byte[] buf = new byte[MAX_DATAGRAM];
            DatagramPacket packet = new DatagramPacket(buf, buf.length);
            try {
                socket.receive(packet);
            } catch (SocketException e) {
                if (!running) {
                    return;
                }
                throw e;
            }
            InetSocketAddress client = (InetSocketAddress) packet.getSocketAddress();
            if (!policy.allows(client)) {
                continue;
            }
            int length = packet.getLength();
            workers.execute(() -> dispatch(handler, buf, length, client));
        }
    }

    private void dispatch(PacketHandler handler, byte[] buf, int length, InetSocketAddress client) {
        try {
            byte[] reply = handler.handle(buf, length, client);
            if (reply != null) {
                socket.send(new DatagramPacket(reply, reply.length, client));
            }
        } catch (Exception e) {
            System.err.println("handler failed for " + client + ": " + e);
        }
    }

    @Override
    public void close() {
        running = false;
        socket.close();
        workers.shutdown();
    }
}
