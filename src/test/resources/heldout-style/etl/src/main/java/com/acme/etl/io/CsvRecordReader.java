package com.acme.etl.io;

import com.acme.etl.mapping.ColumnMapping;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Comma separated exports (e-banking, card acquirer, the payment factory). Fields may be quoted, and
 * quoted fields may contain commas and doubled quotes. The first line names the columns.
 */
public class CsvRecordReader extends RecordReader {

	/** A comma outside double quotes. */
	private static final String QUOTED_SPLIT = ",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)";

	private Map<String, Integer> positions = Collections.emptyMap();

	CsvRecordReader(BufferedReader in, String fileName, ColumnMapping mapping) {
		super(in, fileName, mapping);
	}

	/** Reads the header line; RecordReader.open calls this for every CSV file before the first row. */
	List<String> readHeader() throws IOException {
		String line = in.readLine();
		if (line == null) {
			throw new MalformedRecordException(String.format("%s is empty, expected a header line", fileName));
		}
		String[] names = line.split(QUOTED_SPLIT);
		List<String> header = new ArrayList<>();
		for (String name : names) {
			header.add(unquote(name).toUpperCase(Locale.ROOT));
		}
		int column = 0;
		Map<String, Integer> byName = new HashMap<>(header.size());
		for (String name : header) {
			byName.put(name, column++);
		}
		positions = byName;
		return header;
	}

	@Override
	protected String[] parse(String line) throws MalformedRecordException {
		String[] fields = line.split(QUOTED_SPLIT);
		if (fields.length > positions.size()) {
			int expected = positions.size();
			int actual = fields.length;
			long lineNo = lineNo();
			throw new MalformedRecordException(
					String.format("%s line %s: %s fields, the header has %s", fileName, lineNo, actual, expected));
		}
		String[] ordered = new String[mapping.specs().size()];
		for (String column : positions.keySet()) {
			int slot = mapping.slotOf(column);
			int index = positions.get(column);
			if (slot >= 0 && index < fields.length) {
				ordered[slot] = unquote(fields[index]);
			}
		}
		return ordered;
	}

	private static String unquote(String field) {
		String trimmed = field.trim();
		if (trimmed.length() < 2 || trimmed.charAt(0) != '"') {
			return trimmed;
		}
		return trimmed.substring(1, trimmed.length() - 1).replaceAll("\"{2}", "\"");
	}
}
