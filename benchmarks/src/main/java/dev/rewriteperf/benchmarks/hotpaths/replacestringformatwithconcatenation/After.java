package dev.rewriteperf.benchmarks.hotpaths.replacestringformatwithconcatenation;

/** Where a partition's data file is stored: built for every file a write touches. */
public class After {

    public static String filePath(String partition, long fileId) {
        return partition + "/" + fileId + ".parquet";
    }
}
