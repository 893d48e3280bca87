package dev.rewriteperf.benchmarks.hotpaths.replacestringformatwithconcatenation;

/** Where a partition's data file is stored: built for every file a write touches. */
public class Before {

    public static String filePath(String partition, long fileId) {
        return String.format("%s/%s.parquet", partition, fileId);
    }

    /** One row of a partition's keys, each followed by a separator: built for every row a write flushes. */
    public static String keyRow(String[] keys) {
        StringBuilder row = new StringBuilder();
        for (String key : keys) {
            row.append(String.format("%s;", key));
        }
        return row.toString();
    }
}
