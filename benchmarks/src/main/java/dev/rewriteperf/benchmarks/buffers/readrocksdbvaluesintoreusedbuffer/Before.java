package dev.rewriteperf.benchmarks.buffers.readrocksdbvaluesintoreusedbuffer;

import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

import java.nio.ByteBuffer;

public class Before {
    private final RocksDB db;
    private final ColumnFamilyHandle values;

    public Before(RocksDB db, ColumnFamilyHandle values) {
        this.db = db;
        this.values = values;
    }

    public long counter(byte[] key) throws RocksDBException {
        byte[] value = db.get(values, key);
        if (value == null) {
            return 0L;
        }
        return ByteBuffer.wrap(value).getLong();
    }
}
