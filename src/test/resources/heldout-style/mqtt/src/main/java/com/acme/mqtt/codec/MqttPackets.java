package com.acme.mqtt.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Decoded MQTT 5 control packets. The decoder creates one instance per packet read from a socket, and the
 * connection handler copies a PUBLISH once per subscriber it is delivered to (each copy carries its own flags).
 */
public final class MqttPackets {

    public static final int CONNECT = 1;
    public static final int CONNACK = 2;
    public static final int PUBLISH = 3;
    public static final int PUBACK = 4;
    public static final int SUBSCRIBE = 8;
    public static final int SUBACK = 9;
    public static final int UNSUBSCRIBE = 10;
    public static final int PINGREQ = 12;
    public static final int PINGRESP = 13;
    public static final int DISCONNECT = 14;

    private MqttPackets() {
    }

    /** First byte and remaining length of a packet; built by the decoder for every frame. */
    public static final class FixedHeader {
        public final int type;
        public final int flags;
        public final int remainingLength;

        public FixedHeader(int type, int flags, int remainingLength) {
            this.type = type;
            this.flags = flags;
            this.remainingLength = remainingLength;
        }

        @Override
        public String toString() {
            return "FixedHeader[type=" + type + ", flags=" + flags + ", remaining=" + remainingLength + "]";
        }
    }

    public abstract static class Packet {
        public abstract int type();
    }

    public static final class ConnectPacket extends Packet {
        private final String clientId;
        private final boolean cleanStart;
        private final int keepAlive;
        private final long sessionExpiry;

        public ConnectPacket(String clientId, boolean cleanStart, int keepAlive, long sessionExpiry) {
            this.clientId = clientId;
            this.cleanStart = cleanStart;
            this.keepAlive = keepAlive;
            this.sessionExpiry = sessionExpiry;
        }

        public String clientId() {
            return clientId;
        }

        public boolean cleanStart() {
            return cleanStart;
        }

        public int keepAlive() {
            return keepAlive;
        }

        public long sessionExpiry() {
            return sessionExpiry;
        }

        @Override
        public int type() {
            return CONNECT;
        }
    }

    public static final class PublishPacket extends Packet {
        private final String topic;
        private final int qos;
        private final boolean retain;
        private final int packetId;
        private final int messageExpiry;
        private final byte[] payload;
        private final List<String> userProperties;

        public PublishPacket(String topic, int qos, boolean retain, int packetId, int messageExpiry, byte[] payload,
                             List<String> userProperties) {
            assert qos >= 0 && qos <= 2 : String.format("qos %s out of range for topic %s", qos, topic);
            this.topic = topic;
            this.qos = qos;
            this.retain = retain;
            this.packetId = packetId;
            this.messageExpiry = messageExpiry;
            this.payload = payload;
            this.userProperties = userProperties;
        }

        /** The copy handed to one subscriber: same message, that subscriber's QoS and retain flag. */
        public PublishPacket(PublishPacket other, int qos, boolean retain) {
            this.topic = other.topic;
            this.qos = qos;
            this.retain = retain;
            this.packetId = other.packetId;
            this.messageExpiry = other.messageExpiry;
            this.payload = other.payload;
            List<String> props = new ArrayList<>();
            for (String property : other.userProperties) {
                props.add(property);
            }
            this.userProperties = props;
        }

        public String topic() {
            return topic;
        }

        public int qos() {
            return qos;
        }

        public boolean retain() {
            return retain;
        }

        public int packetId() {
            return packetId;
        }

        public int messageExpiry() {
            return messageExpiry;
        }

        public byte[] payload() {
            return payload;
        }

        public List<String> userProperties() {
            return Collections.unmodifiableList(userProperties);
        }

        @Override
        public int type() {
            return PUBLISH;
        }

        @Override
        public String toString() {
            String shown = topic;
            if (shown.length() > 48) {
                StringBuilder sb = new StringBuilder(52);
                sb.append(shown.substring(0, 45)).append("...");
                shown = sb.toString();
            }
            int size = payload.length;
            return String.format("Publish[%s, qos=%s, retain=%s, id=%s, %s bytes]", shown, qos, retain, packetId, size);
        }
    }

    /** One topic filter of a SUBSCRIBE; kept in hash sets by the session and the subscription tree. */
    public static final class TopicSubscription {
        private final String filter;
        private final int qos;
        private final boolean noLocal;

        public TopicSubscription(String filter, int qos, boolean noLocal) {
            this.filter = filter;
            this.qos = qos;
            this.noLocal = noLocal;
        }

        public String filter() {
            return filter;
        }

        public int qos() {
            return qos;
        }

        public boolean noLocal() {
            return noLocal;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof TopicSubscription)) {
                return false;
            }
            TopicSubscription that = (TopicSubscription) o;
            return qos == that.qos && noLocal == that.noLocal && filter.equals(that.filter);
        }

        @Override
        public int hashCode() {
            return Objects.hash(filter, qos, noLocal);
        }

        @Override
        public String toString() {
            return filter + " (qos " + qos + ", noLocal=" + noLocal + ")";
        }
    }

    public static final class SubscribePacket extends Packet {
        private final int packetId;
        private final List<TopicSubscription> subscriptions;

        public SubscribePacket(int packetId, List<TopicSubscription> subscriptions) {
            this.packetId = packetId;
            this.subscriptions = subscriptions;
        }

        public int packetId() {
            return packetId;
        }

        public List<TopicSubscription> subscriptions() {
            return subscriptions;
        }

        @Override
        public int type() {
            return SUBSCRIBE;
        }
    }

    /** PINGREQ and DISCONNECT carry nothing but their type. */
    public static final class SimplePacket extends Packet {
        private final int type;

        public SimplePacket(int type) {
            this.type = type;
        }

        @Override
        public int type() {
            return type;
        }
    }
}
