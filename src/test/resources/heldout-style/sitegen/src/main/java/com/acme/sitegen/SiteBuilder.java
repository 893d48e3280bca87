package com.acme.sitegen;

import com.acme.sitegen.content.Markdown;
import com.acme.sitegen.content.Page;
import com.acme.sitegen.content.TemplateEngine;
import com.acme.sitegen.output.AssetCopier;
import com.acme.sitegen.output.SitemapWriter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Builds the whole site: every page through markdown, the plugins and its layout, then tag pages, the sitemap and
 * the static assets. {@link SiteGen#main} builds once; in watch mode the watcher calls {@link #rebuild} on every change.
 */
public final class SiteBuilder {

    private final SiteConfig config;
    private final PluginRegistry plugins;
    private final Markdown markdown;
    private final TemplateEngine templates;
    private final SitemapWriter sitemap;
    private final AssetCopier assets;
    private final Path contentDir;
    private final Path outDir;
    private final String siteUrl;
    private final List<String> failures = new ArrayList<>();
    private Set<Page> lastBuilt = Set.of();

    public SiteBuilder(SiteConfig config, PluginRegistry plugins) {
        this.config = config;
        this.plugins = plugins;
        this.markdown = new Markdown(config.flag("smartypants", true), config.flag("anchors", true));
        this.templates = new TemplateEngine(config.themeDir(), config.theme());
        this.sitemap = new SitemapWriter(config.baseUrl());
        this.assets = new AssetCopier();
        this.contentDir = config.contentDir();
        this.outDir = config.outputDir().toAbsolutePath().normalize();
        this.siteUrl = config.baseUrl();
    }

    /** Called by the watcher's listener with the paths that changed since the last successful build. */
    public BuildResult rebuild(Set<String> changed) throws IOException {
        if (changed.stream().anyMatch(p -> p.endsWith(".html"))) {
            templates.clear();
        }
        return build();
    }

    public BuildResult build() throws IOException {
        long started = System.nanoTime();
        failures.clear();
        List<Page> pages = loadAll(findSources());
        pages.sort(Comparator.comparingInt(Page::weight).thenComparing(Page::title));
        Map<String, Page> bySlug = indexBySlug(pages);

        Set<Page> removed = new HashSet<>(lastBuilt);
        removed.removeAll(pages);
        for (Page gone : removed) {
            deleteOutput(gone);
        }

        List<String> written = new ArrayList<>(pages.size());
        for (Page page : pages) {
            written.add(renderPage(page, bySlug));
        }
        writeTagPages(pages);
        sitemap.write(pages, outDir.resolve("sitemap.xml"));
        int copied = assets.copyAll(config.staticDir(), outDir);
        lastBuilt = Set.copyOf(pages);
        long millis = (System.nanoTime() - started) / 1_000_000;
        return new BuildResult(written, copied, List.copyOf(failures), millis);
    }

    private List<Path> findSources() throws IOException {
        try (Stream<Path> walk = Files.walk(contentDir)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .filter(p -> !config.ignores().contains(p.getFileName().toString()))
                    .sorted()
                    .toList();
        }
    }

    private List<Page> loadAll(List<Path> sources) throws IOException {
        List<Page> pages = new ArrayList<>();
        for (Path source : sources) {
            pages.add(load(source));
        }
        return pages;
    }

    private Page load(Path source) throws IOException {
        String relative = contentDir.relativize(source).toString().replace('\\', '/');
        return Page.parse(relative, Files.readString(source));
    }

    private static Map<String, Page> indexBySlug(List<Page> pages) {
        Map<String, Page> bySlug = new HashMap<>(pages.size());
        for (Page page : pages) {
            bySlug.put(page.slug(), page);
        }
        return bySlug;
    }

    private String renderPage(Page page, Map<String, Page> bySlug) throws IOException {
        String slug = page.slug();
        Path target = outDir.resolve(String.format("%s/index.html", slug));
        checkTarget(page, target);
        Files.createDirectories(target.getParent());
        try {
            String html = markdown.toHtml(page.body());
            for (PluginRegistry.Plugin plugin : plugins.all()) {
                html = plugin.onPage(page, html);
            }
            Map<String, Object> context = new HashMap<>();
            context.put("site", config);
            context.put("page", page);
            context.put("content", html);
            context.put("canonical", String.format("%s/%s/", siteUrl, slug));
            context.put("related", bySlug.get(mostRelated(page, bySlug.values())));
            Files.writeString(target, templates.render(page.layout(), context));
        } catch (TemplateEngine.TemplateException e) {
            failures.add(page.sourcePath() + ": " + e.getMessage());
            Path fallback = config.themeDir().resolve("error.html");
            try (InputStream in = Files.newInputStream(fallback);
                 OutputStream out = Files.newOutputStream(target)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
        }
        return outDir.relativize(target).toString();
    }

    private void checkTarget(Page page, Path target) {
        if (!target.normalize().startsWith(outDir)) {
            String source = page.sourcePath();
            String slug = page.slug();
            String message = String.format("%s: slug %s escapes the output directory", source, slug);
            throw new BuildException(message);
        }
    }

    /** The page sharing the most tags with {@code page}, or null. */
    private static String mostRelated(Page page, Collection<Page> candidates) {
        String best = null;
        int bestScore = 0;
        for (Page other : candidates) {
            if (other == page) {
                continue;
            }
            Set<String> shared = new HashSet<>();
            shared.addAll(page.tags());
            shared.retainAll(other.tags());
            if (shared.size() > bestScore) {
                bestScore = shared.size();
                best = other.slug();
            }
        }
        return best;
    }

    private void writeTagPages(List<Page> pages) throws IOException {
        Map<String, List<Page>> byTag = new TreeMap<>();
        for (Page page : pages) {
            for (String tag : page.tags()) {
                byTag.computeIfAbsent(tag, k -> new ArrayList<>()).add(page);
            }
        }
        for (String tag : byTag.keySet()) {
            List<Page> tagged = byTag.get(tag);
            writeTagPage(tag, tagged);
        }
        Set<String> sections = pages.stream().map(Page::section).collect(Collectors.toSet());
        for (String section : sections) {
            Files.createDirectories(outDir.resolve(section));
        }
    }

    private void writeTagPage(String tag, List<Page> tagged) throws IOException {
        List<String> titles = tagged.stream().map(Page::title).collect(Collectors.toList());
        String[] hrefs = tagged.stream().map(p -> "/" + p.slug() + "/").toArray(String[]::new);
        Map<String, Object> context = new HashMap<>();
        context.put("site", config);
        context.put("tag", tag);
        context.put("titles", titles);
        context.put("hrefs", hrefs);
        Path target = outDir.resolve("tags").resolve(Page.slugify(tag)).resolve("index.html");
        Files.createDirectories(target.getParent());
        Files.writeString(target, templates.render("tag", context));
    }

    private void deleteOutput(Page page) throws IOException {
        Files.deleteIfExists(outDir.resolve(page.slug()).resolve("index.html"));
    }

    /** The outcome of one build. */
    public static final class BuildResult {
        private final List<String> written;
        private final int assetsCopied;
        private final List<String> failures;
        private final long millis;

        BuildResult(List<String> written, int assetsCopied, List<String> failures, long millis) {
            this.written = written;
            this.assetsCopied = assetsCopied;
            this.failures = failures;
            this.millis = millis;
        }

        public List<String> written() {
            return written;
        }

        public int assetsCopied() {
            return assetsCopied;
        }

        public List<String> failures() {
            return failures;
        }

        public long millis() {
            return millis;
        }
    }

    /** A build that cannot go on: the site itself is wrong. */
    public static final class BuildException extends RuntimeException {
        public BuildException(String message) {
            super(message);
        }
    }
}
