package com.acme.pricing.invoice;

import com.acme.pricing.convert.ConverterRegistry;
import com.acme.pricing.quote.QuoteEngine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/** Renders a computed quote as the text invoice of {@code /quote} or the CSV of {@code /invoice.csv}. */
public final class InvoiceRenderer {

	private static final int MAX_DESCRIPTION = 40;
	private static final String TEXT_HEADER = String.format("%s | %s | %s | %s%n", "SKU", "QTY", "UNIT", "TOTAL");

	public String text(QuoteEngine.Quote quote) {
		StringBuilder sb = new StringBuilder(TEXT_HEADER);
		for (QuoteEngine.QuotedLine line : quote.lines) {
			String sku = line.sku;
			int quantity = line.quantity;
			String unit = line.unitPrice.toPlainString();
			String total = line.total.toPlainString();
			sb.append(String.format("%s | %s | %s | %s%n", sku, quantity, unit, total));
			String description = line.description;
			sb.append("    ");
			if (description.length() > MAX_DESCRIPTION) {
				sb.append(description.substring(0, MAX_DESCRIPTION - 3)).append("...");
			} else {
				sb.append(description);
			}
			sb.append('\n');
		}
		for (String warning : quote.warnings) {
			sb.append("! ").append(warning).append('\n');
		}
		sb.append("TOTAL ").append(quote.currency).append(' ').append(quote.total.toPlainString()).append('\n');
		return sb.toString();
	}

	public byte[] csv(QuoteEngine.Quote quote) {
		StringBuilder sb = new StringBuilder(256);
		sb.append(String.join(",", metaCells(quote.meta))).append("\r\n");
		for (QuoteEngine.QuotedLine line : quote.lines) {
			try {
				String description = line.description.replaceAll("\"", "\"\"");
				sb.append(line.sku).append(',').append(line.quantity).append(',')
						.append(ConverterRegistry.toWire(line.unitPrice)).append(',')
						.append(ConverterRegistry.toWire(line.total)).append(',')
						.append('"').append(description).append('"').append("\r\n");
			} catch (IllegalArgumentException e) {
				String sku = line.sku;
				String reason = e.getMessage();
				sb.append(String.format("# skipped %s: %s\r\n", sku, reason));
			}
		}
		Map<String, String> taxes = quote.taxSummary;
		String[] taxRow = Stream.concat(taxes.keySet().stream(), taxes.values().stream()).toArray(String[]::new);
		sb.append("tax,").append(String.join(",", taxRow)).append("\r\n");
		sb.append("discounts,").append(String.join(",", discountColumns(quote.discounts))).append("\r\n");
		if (!quote.warnings.isEmpty()) {
			sb.append("warnings,").append(ConverterRegistry.toWire(quote.warnings)).append("\r\n");
		}
		return sb.toString().getBytes(StandardCharsets.UTF_8);
	}

	static String[] metaCells(Map<String, String> meta) {
		return meta.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
	}

	static String[] discountColumns(Map<String, String> discounts) {
		List<String> keys = new ArrayList<>();
		List<String> values = new ArrayList<>();
		for (Map.Entry<String, String> entry : discounts.entrySet()) {
			keys.add(entry.getKey());
			values.add(entry.getValue());
		}
		keys.addAll(values);
		return keys.toArray(new String[0]);
	}

	/** Compresses a rendered invoice when the client sent {@code Accept-Encoding: gzip}. */
	public byte[] gzip(byte[] payload) throws IOException {
		ByteArrayOutputStream compressed = new ByteArrayOutputStream(payload.length / 4 + 64);
		try (InputStream in = new ByteArrayInputStream(payload);
				OutputStream out = new GZIPOutputStream(compressed)) {
			byte[] buffer = new byte[8192];
			int n;
			while ((n = in.read(buffer)) != -1) {
				out.write(buffer, 0, n);
			}
		}
		return compressed.toByteArray();
	}
}
