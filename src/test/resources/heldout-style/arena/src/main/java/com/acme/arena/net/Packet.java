package com.acme.arena.net;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Messages exchanged with game clients. Each kind carries its wire opcode. */
public sealed interface Packet permits Packet.Join, Packet.Move, Packet.Chat, Packet.Ping {

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface Opcode {
        int value();
    }

    /** First packet of a session: the display name and the token the lobby service issued. */
    @Opcode(1)
    record Join(String name, String token) implements Packet {
        public Join {
            if (name.isEmpty() || name.length() > 24) {
                int length = name.length();
                throw new IllegalArgumentException(String.format("player name of %s chars: %s", length, name));
            }
        }
    }

    /** Client-side prediction result for the entity the player controls. */
    @Opcode(2)
    record Move(int entityId, float x, float y, long clientTime) implements Packet {
    }

    @Opcode(3)
    record Chat(String channel, String text) implements Packet {
        @Override
        public String toString() {
            int chars = text.length();
            return "Chat[#" + channel + ", " + chars + " chars]";
        }
    }

    @Opcode(4)
    record Ping(long sentAt) implements Packet {
    }
}
