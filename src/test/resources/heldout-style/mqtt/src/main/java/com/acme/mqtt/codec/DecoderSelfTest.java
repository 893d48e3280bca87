package com.acme.mqtt.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.acme.mqtt.codec.MqttPackets.FixedHeader;
import com.acme.mqtt.codec.MqttPackets.Packet;

/**
 * Replays a few packets (built in, or a raw capture file) through the decoder in a loop, in chunks of an odd size so
 * that frames straddle reads. Used as a smoke test after codec changes and as a quick throughput number.
 *
 * <pre>java com.acme.mqtt.codec.DecoderSelfTest [rounds] [capture.bin] [-v]</pre>
 */
public final class DecoderSelfTest {

    private DecoderSelfTest() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        boolean verbose = args.length > 2 && "-v".equals(args[2]);

        byte[] capture;
        if (args.length > 1 && !"-".equals(args[1])) {
            try (InputStream in = new FileInputStream(args[1]);
                 ByteArrayOutputStream out = new ByteArrayOutputStream()) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
                capture = out.toByteArray();
            }
        } else {
            // PINGREQ, then a QoS 1 PUBLISH with a message expiry interval, then DISCONNECT
            byte[] topic = "plant/line-4/temperature".getBytes(StandardCharsets.UTF_8);
            byte[] payload = "21.5".getBytes(StandardCharsets.UTF_8);
            int expiry = 3600;
            int remaining = 2 + topic.length + 2 + 1 + 5 + payload.length;
            capture = new byte[2 + 2 + remaining + 2];
            int p = 0;
            capture[p++] = (byte) 0xC0;
            capture[p++] = 0;
            capture[p++] = 0x32;
            capture[p++] = (byte) remaining;
            capture[p++] = 0;
            capture[p++] = (byte) topic.length;
            System.arraycopy(topic, 0, capture, p, topic.length);
            p += topic.length;
            capture[p++] = 0;
            capture[p++] = 42;
            capture[p++] = 5;
            capture[p++] = 0x02;
            capture[p] = (byte) (expiry >>> 24);
            capture[p + 1] = (byte) (expiry >>> 16);
            capture[p + 2] = (byte) (expiry >>> 8);
            capture[p + 3] = (byte) expiry;
            p += 4;
            System.arraycopy(payload, 0, capture, p, payload.length);
            p += payload.length;
            capture[p++] = (byte) 0xE0;
            capture[p] = 0;
        }

        PacketDecoder decoder = new PacketDecoder(1 << 20);
        int[] counts = new int[16];
        long started = System.nanoTime();
        for (int round = 0; round < rounds; round++) {
            InputStream in = new ByteArrayInputStream(capture);
            while (true) {
                byte[] chunk = new byte[7];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                decoder.feed(chunk, 0, n, (header, packet) -> {
                    counts[header.type]++;
                    if (verbose) {
                        System.out.println(describe(header, packet));
                    }
                });
            }
        }
        long micros = (System.nanoTime() - started) / 1_000;

        List<Integer> typesSeen = new ArrayList<>();
        for (int type = 0; type < counts.length; type++) {
            if (counts[type] > 0) {
                String name = PacketDecoder.TYPE_NAMES[type];
                int count = counts[type];
                System.out.println(String.format("%s: %s packets", name, count));
                typesSeen.add(type);
            }
        }
        List<String> names = new ArrayList<>(typesSeen.size());
        for (int type : typesSeen) {
            names.add(PacketDecoder.TYPE_NAMES[type]);
        }
        System.out.println("decoded " + names + " x " + rounds + " in " + micros + " us");
        if (typesSeen.isEmpty()) {
            System.exit(1);
        }
    }

    /** One line per decoded packet, printed only with -v. */
    private static String describe(FixedHeader header, Packet packet) {
        String name = PacketDecoder.TYPE_NAMES[header.type];
        int length = header.remainingLength;
        String decoded = packet.getClass().getSimpleName();
        return String.format("%s (%s bytes) -> %s", name, length, decoded);
    }
}
