package com.acme.sitegen.output;

import com.acme.sitegen.content.Page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Year;
import java.util.List;
import java.util.stream.Stream;

/** Writes {@code sitemap.xml}, with hreflang alternates for translated pages. */
public final class SitemapWriter {

    /** The sitemap protocol's limit per file. */
    private static final int MAX_URLS = 50_000;

    private final String baseUrl;

    public SitemapWriter(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public void write(List<Page> pages, Path file) throws IOException {
        if (pages.size() > MAX_URLS) {
            throw new IllegalStateException("a sitemap holds at most " + MAX_URLS + " urls, the site has " + pages.size());
        }
        int thisYear = Year.now().getValue();
        StringBuilder xml = new StringBuilder(256 + pages.size() * 160);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"");
        xml.append(" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n");
        for (Page page : pages) {
            appendUrl(xml, page, thisYear);
        }
        xml.append("</urlset>\n");
        Files.writeString(file, xml);
    }

    private void appendUrl(StringBuilder xml, Page page, int thisYear) {
        String loc = baseUrl + page.permalink();
        String lastmod = page.date();
        xml.append(String.format("  <url>%n    <loc>%s</loc>%n    <lastmod>%s</lastmod>%n", loc, lastmod));
        xml.append("    <changefreq>").append(page.year() < thisYear ? "yearly" : "weekly").append("</changefreq>\n");
        String[] alternates = page.alternates().entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        for (int i = 0; i + 1 < alternates.length; i += 2) {
            xml.append("    <xhtml:link rel=\"alternate\" hreflang=\"").append(alternates[i])
                    .append("\" href=\"").append(baseUrl).append(alternates[i + 1]).append("\"/>\n");
        }
        xml.append("  </url>\n");
    }
}
