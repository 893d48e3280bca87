package com.example.inventory;

/** Stock records: a big-endian int quantity, then a 3-byte warehouse code. */
public class StockCodec {

    public static int quantity(byte[] record, int offset) {
        return (record[offset] & 0xFF) << 24 | (record[offset + 1] & 0xFF) << 16 |
               (record[offset + 2] & 0xFF) << 8 | record[offset + 3] & 0xFF;
    }

    public static int warehouse(byte[] record, int offset) {
        return (record[offset + 4] & 0xFF) << 16 | (record[offset + 5] & 0xFF) << 8 | record[offset + 6] & 0xFF;
    }
}
