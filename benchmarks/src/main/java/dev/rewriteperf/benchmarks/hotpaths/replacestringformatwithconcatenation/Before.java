package dev.rewriteperf.benchmarks.hotpaths.replacestringformatwithconcatenation;

/** Where a partition's data file is stored: built for every file a write touches. */
public class Before {

    public static String filePath(String partition, long fileId) {
        return String.format("%s/%s.parquet", partition, fileId);
    }
}
