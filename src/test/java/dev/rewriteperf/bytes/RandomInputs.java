package dev.rewriteperf.bytes;

import java.util.Random;

/** Inputs for the byte view equivalence tests: arrays short enough that many offsets fall outside them. */
final class RandomInputs {

    static final int ROUNDS = 2_000;

    private RandomInputs() {
    }

    /** Null in the first round, then 0 to 23 random bytes. */
    static byte[] array(Random random, int round) {
        if (round == 0) {
            return null;
        }
        byte[] bytes = new byte[random.nextInt(24)];
        random.nextBytes(bytes);
        return bytes;
    }

    /** -4 to 27: below, inside and beyond the arrays. */
    static int offset(Random random) {
        return random.nextInt(32) - 4;
    }
}
