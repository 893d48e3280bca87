package dev.rewriteperf.benchmarks.buffers.readrocksdbvaluesintoreusedbuffer;

import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

import java.nio.ByteBuffer;

public class AfterInstance {
    private byte[] valueBuffer = new byte[128];

    private final RocksDB db;
    private final ColumnFamilyHandle values;

    public AfterInstance(RocksDB db, ColumnFamilyHandle values) {
        this.db = db;
        this.values = values;
    }

    public long counter(byte[] key) throws RocksDBException {
        int valueLength = readValue(db, values, key);
        byte[] value = valueBuffer;
        if (valueLength == RocksDB.NOT_FOUND) {
            return 0L;
        }
        return ByteBuffer.wrap(value, 0, valueLength).getLong();
    }

    private int readValue(RocksDB db, ColumnFamilyHandle handle, byte[] key) throws RocksDBException {
        int length = db.get(handle, key, valueBuffer);
        while (length > valueBuffer.length) {
            valueBuffer = new byte[length];
            length = db.get(handle, key, valueBuffer);
        }
        return length;
    }
}
