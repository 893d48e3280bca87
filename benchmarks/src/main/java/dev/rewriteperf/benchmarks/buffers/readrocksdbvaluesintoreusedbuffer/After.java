package dev.rewriteperf.benchmarks.buffers.readrocksdbvaluesintoreusedbuffer;

import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

import java.nio.ByteBuffer;

public class After {
    private static final ThreadLocal<byte[]> VALUE_BUFFER = ThreadLocal.withInitial(() -> new byte[128]);

    private final RocksDB db;
    private final ColumnFamilyHandle values;

    public After(RocksDB db, ColumnFamilyHandle values) {
        this.db = db;
        this.values = values;
    }

    public long counter(byte[] key) throws RocksDBException {
        int valueLength = readValue(db, values, key);
        byte[] value = VALUE_BUFFER.get();
        if (valueLength == RocksDB.NOT_FOUND) {
            return 0L;
        }
        return ByteBuffer.wrap(value, 0, valueLength).getLong();
    }

    private static int readValue(RocksDB db, ColumnFamilyHandle handle, byte[] key) throws RocksDBException {
        byte[] buffer = VALUE_BUFFER.get();
        int length = db.get(handle, key, buffer);
        while (length > buffer.length) {
            buffer = new byte[length];
            VALUE_BUFFER.set(buffer);
            length = db.get(handle, key, buffer);
        }
        return length;
    }
}
