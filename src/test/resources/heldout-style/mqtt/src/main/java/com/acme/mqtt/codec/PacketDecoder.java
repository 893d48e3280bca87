package com.acme.mqtt.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.acme.mqtt.codec.MqttPackets.FixedHeader;
import com.acme.mqtt.codec.MqttPackets.Packet;
import com.acme.mqtt.codec.MqttPackets.TopicSubscription;

/**
 * Incremental MQTT 5 decoder. There is one per connection: {@link #feed} is called with every chunk read from the
 * socket, reassembles frames that span reads and hands each complete packet to the sink.
 */
public final class PacketDecoder {

	/** Receives decoded packets; the connection handler implements it and gets one call per packet. */
	public interface PacketSink {
		void onPacket(FixedHeader header, Packet packet) throws IOException;
	}

	public static final class MalformedPacketException extends IOException {
		private static final long serialVersionUID = 1L;

		public MalformedPacketException(String message) {
			super(message);
		}
	}

	private static final int MAX_VARINT_BYTES = 4;

	private static final String TYPE_LIST = "reserved, CONNECT, CONNACK, PUBLISH, PUBACK, PUBREC, PUBREL, PUBCOMP, "
			+ "SUBSCRIBE, SUBACK, UNSUBSCRIBE, UNSUBACK, PINGREQ, PINGRESP, DISCONNECT, AUTH";

	static final String[] TYPE_NAMES = TYPE_LIST.split(",\\s*");

	/** MQTT 5 properties the broker reads; everything else is skipped by its declared length. */
	static final class Properties {
		int messageExpiry;
		long sessionExpiry;
		final List<String> userProperties = new ArrayList<>(2);
	}

	private final int maxPacketSize;
	private byte[] buf = new byte[1024];
	private int len;

	public PacketDecoder(int maxPacketSize) {
		this.maxPacketSize = maxPacketSize;
	}

	/** Appends {@code n} bytes of {@code data} and emits every packet that is now complete. */
	public void feed(byte[] data, int off, int n, PacketSink sink) throws IOException {
		if (buf.length - len < n) {
			byte[] bigger = new byte[Math.max(buf.length * 2, len + n)];
			System.arraycopy(buf, 0, bigger, 0, len);
			buf = bigger;
		}
		System.arraycopy(data, off, buf, len, n);
		len += n;
		int pos = 0;
		while (len - pos >= 2) {
			int first = buf[pos] & 0xFF;
			int[] remaining = decodeRemainingLength(buf, pos + 1, len);
			if (remaining == null) {
				break;
			}
			int bodyStart = pos + 1 + remaining[1];
			int bodyEnd = bodyStart + remaining[0];
			if (remaining[0] > maxPacketSize) {
				throw new MalformedPacketException("packet exceeds maximum size of " + maxPacketSize + " bytes");
			}
			if (bodyEnd > len) {
				break;
			}
			FixedHeader header = new FixedHeader(first >>> 4, first & 0x0F, remaining[0]);
			sink.onPacket(header, decodeBody(header, buf, bodyStart, bodyEnd));
			pos = bodyEnd;
		}
		System.arraycopy(buf, pos, buf, 0, len - pos);
		len -= pos;
	}

	/**
	 * Decodes the variable byte integer that follows the first byte of every packet.
	 *
	 * @return {value, bytes used}, or null when the buffer ends inside the integer
	 */
	static int[] decodeRemainingLength(byte[] b, int off, int limit) throws MalformedPacketException {
		int value = 0;
		int multiplier = 1;
		for (int i = 0; i < MAX_VARINT_BYTES; i++) {
			if (off + i >= limit) {
				return null;
			}
			int digit = b[off + i] & 0xFF;
			value += (digit & 0x7F) * multiplier;
			if ((digit & 0x80) == 0) {
				return new int[] {value, i + 1};
			}
			multiplier *= 128;
		}
		throw new MalformedPacketException("varint longer than " + MAX_VARINT_BYTES + " bytes at offset " + off);
	}

	Packet decodeBody(FixedHeader h, byte[] b, int off, int end) throws MalformedPacketException {
		switch (h.type) {
			case MqttPackets.CONNECT:
				return decodeConnect(b, off, end);
			case MqttPackets.PUBLISH:
				return decodePublish(h, b, off, end);
			case MqttPackets.SUBSCRIBE:
				return decodeSubscribe(b, off, end);
			case MqttPackets.PINGREQ:
			case MqttPackets.DISCONNECT:
				return new MqttPackets.SimplePacket(h.type);
			default:
				String name = TYPE_NAMES[h.type];
				int type = h.type;
				String message = String.format("unsupported %s packet (type %s) sent to the broker", name, type);
				throw new MalformedPacketException(message);
		}
	}

	private Packet decodeConnect(byte[] b, int p, int end) throws MalformedPacketException {
		String protocol = readUtf8(b, p, end);
		p += 2 + protocol.length();
		int level = b[p++] & 0xFF;
		if (!"MQTT".equals(protocol) || level != 5) {
			throw new MalformedPacketException("only MQTT 5 is supported, got " + protocol + " level " + level);
		}
		int connectFlags = b[p++] & 0xFF;
		int keepAlive = (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF);
		p += 2;
		Properties props = new Properties();
		p = readProperties(b, p, end, props);
		String clientId = readUtf8(b, p, end);
		return new MqttPackets.ConnectPacket(clientId, (connectFlags & 0x02) != 0, keepAlive, props.sessionExpiry);
	}

	private Packet decodePublish(FixedHeader h, byte[] b, int p, int end) throws MalformedPacketException {
		int qos = (h.flags >>> 1) & 0x03;
		boolean retain = (h.flags & 0x01) != 0;
		String topic = readUtf8(b, p, end);
		p += 2 + utf8Length(b, p);
		int packetId = 0;
		if (qos > 0) {
			packetId = (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF);
			p += 2;
		}
		Properties props = new Properties();
		p = readProperties(b, p, end, props);
		byte[] payload = new byte[end - p];
		System.arraycopy(b, p, payload, 0, payload.length);
		return new MqttPackets.PublishPacket(topic, qos, retain, packetId, props.messageExpiry, payload,
				props.userProperties);
	}

	private Packet decodeSubscribe(byte[] b, int p, int end) throws MalformedPacketException {
		int packetId = (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF);
		p += 2;
		p = readProperties(b, p, end, new Properties());
		List<TopicSubscription> subscriptions = new ArrayList<>();
		while (p < end) {
			String filter = readUtf8(b, p, end);
			p += 2 + utf8Length(b, p);
			int options = b[p++] & 0xFF;
			subscriptions.add(new TopicSubscription(filter, options & 0x03, (options & 0x04) != 0));
		}
		return new MqttPackets.SubscribePacket(packetId, subscriptions);
	}

	/** Reads the property block at {@code p} into {@code out}; returns the offset just after it. */
	int readProperties(byte[] b, int p, int end, Properties out) throws MalformedPacketException {
		int[] length = decodeRemainingLength(b, p, end);
		if (length == null) {
			throw new MalformedPacketException("truncated property length");
		}
		p += length[1];
		int stop = p + length[0];
		while (p < stop) {
			int id = b[p++] & 0xFF;
			switch (id) {
				case 0x02: // message expiry interval, four byte integer
				case 0x11: // session expiry interval, four byte integer (unsigned)
					int interval = (b[p] & 0xFF) << 24
							| (b[p + 1] & 0xFF) << 16
							| (b[p + 2] & 0xFF) << 8
							| (b[p + 3] & 0xFF);
					if (id == 0x02) {
						out.messageExpiry = interval;
					} else {
						out.sessionExpiry = Integer.toUnsignedLong(interval);
					}
					p += 4;
					break;
				case 0x23: // topic alias, two byte integer
					p += 2;
					break;
				case 0x26: // user property, a UTF-8 string pair
					String key = readUtf8(b, p, end);
					p += 2 + utf8Length(b, p);
					String value = readUtf8(b, p, end);
					p += 2 + utf8Length(b, p);
					out.userProperties.add(key + '=' + value);
					break;
				default:
					throw new MalformedPacketException("unsupported property 0x" + Integer.toHexString(id));
			}
		}
		return stop;
	}

	private static int utf8Length(byte[] b, int p) {
		return (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF);
	}

	private static String readUtf8(byte[] b, int p, int end) throws MalformedPacketException {
		int n = utf8Length(b, p);
		if (p + 2 + n > end) {
			int left = end - p - 2;
			throw new MalformedPacketException("string of " + n + " bytes overruns the packet (" + left + " left)");
		}
		return new String(b, p + 2, n, StandardCharsets.UTF_8);
	}
}
