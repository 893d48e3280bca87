package com.acme.etl.parse;

import java.util.Locale;

/**
 * One parsed input row. Every parser returns one of these per line it reads.
 */
public sealed interface Record permits Record.Sale, Record.Refund, Record.Malformed {

    String id();

    /** Key used to spot the same row arriving in two files; computed for every row. */
    default String groupKey() {
        return id().toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "-");
    }

    record Sale(String id, String region, int quantity, long amountCents) implements Record {
        public Sale {
            if (quantity < 0) {
                throw new IllegalArgumentException(String.format("sale %s has negative quantity %s", id, quantity));
            }
            region = region.strip();
        }

        /** One-line form, printed for every row in verbose mode. */
        public String describe() {
            return String.format("%s %s x%s = %s", id, region, quantity, amountCents);
        }
    }

    record Refund(String id, String originalId, long amountCents) implements Record {
        @Override
        public String toString() {
            return String.format("Refund %s of %s (%s cents)", id, originalId, amountCents);
        }
    }

    record Malformed(String id, String line, String reason) implements Record {
    }
}
