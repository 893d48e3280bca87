package com.acme.etl.io;

import com.acme.etl.mapping.ColumnMapping;

import java.io.BufferedReader;
import java.util.List;

/**
 * Fixed-width exports from the core banking host: an HDR record, the data records, and a TRL record
 * whose columns 3-12 hold the number of data records. Converted from EBCDIC upstream; the conversion
 * leaves control characters where the host had packed fields.
 */
public class FixedWidthRecordReader extends RecordReader {

    private final List<ColumnMapping.ColumnSpec> specs;
    private final int recordLength;
    private final int referenceSlot;
    private long dataRecords;

    FixedWidthRecordReader(BufferedReader in, String fileName, ColumnMapping mapping) {
        super(in, fileName, mapping);
        this.specs = mapping.specs();
        int length = 0;
        for (ColumnMapping.ColumnSpec spec : specs) {
            length = Math.max(length, spec.end());
        }
        this.recordLength = length;
        this.referenceSlot = mapping.slotOfTarget("REFERENCE");
    }

    @Override
    protected boolean handleControlRecord(String line) throws MalformedRecordException {
        if (line.startsWith("HDR")) {
            return true;
        }
        if (!line.startsWith("TRL")) {
            dataRecords++;
            return false;
        }
        long declared = Long.parseLong(line.substring(3, 12));
        if (declared != dataRecords) {
            throw new MalformedRecordException(
                    String.format("%s: trailer declares %s records, the file has %s", fileName, declared, dataRecords));
        }
        return true;
    }

    @Override
    protected String[] parse(String line) throws MalformedRecordException {
        if (line.length() < recordLength) {
            int actual = line.length();
            long lineNo = lineNo();
            throw new MalformedRecordException(String.format("%s line %s: %s characters, a record has %s",
                    fileName, lineNo, actual, recordLength));
        }
        String clean = line.replaceAll("[^\\x20-\\x7E]", " ");
        String[] fields = new String[specs.size()];
        for (ColumnMapping.ColumnSpec spec : specs) {
            fields[spec.slot()] = clean.substring(spec.start(), spec.end());
        }
        if (referenceSlot >= 0 && fields[referenceSlot].trim().isEmpty()) {
            // older branch systems leave the reference blank: branch code (columns 0-4) and line number
            StringBuilder reference = new StringBuilder(16);
            reference.append(clean.substring(0, 4)).append('-').append(lineNo());
            fields[referenceSlot] = reference.toString();
        }
        return fields;
    }
}
