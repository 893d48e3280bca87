package com.example.shop;

import com.example.micro.AbstractHandler;
import com.example.micro.Handler;
import com.example.micro.Http;
import com.example.micro.JsonWriter;
import com.example.micro.Log;
import com.example.micro.Router;
import com.example.micro.SessionStore;
import com.example.micro.TemplateCache;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** A toy shop on the micro framework: product listings as JSON, product pages as HTML. */
public final class ShopApp {

    private static final Log LOG = Log.get(ShopApp.class);
    private static final List<String> SECTIONS = Arrays.asList("books", "music", "garden");
    private static final int SCHEMA_HASH = Objects.hash("shop", 3);

    static final SessionStore SESSIONS = new SessionStore(30L * 60 * 1000);
    static final TemplateCache TEMPLATES = new TemplateCache();

    private ShopApp() {
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        String javaVersion = System.getProperty("java.version");
        Catalog catalog = new ShopApp().new Catalog();
        Router router = registerRoutes(new Router(), catalog);

        LOG.info(String.format("shop listening on port %s (java %s)", port, javaVersion));
        List<String> table = routeTable(router);
        for (String line : table) {
            LOG.info(line);
        }
        Set<String> enabled = new HashSet<>();
        enabled.addAll(SECTIONS);
        LOG.info("sections: " + enabled + ", schema " + SCHEMA_HASH);

        // no socket in the demo: replay a few requests through the router
        Map<String, String> headers = new HashMap<>();
        headers.put("Accept", "application/json");
        headers.put("X-Request-Id", "demo-1");
        for (String target : new String[] {"/books?sort=price&limit=2", "/books/b-1", "/nowhere"}) {
            Http.Response response = router.dispatch(new Http.Request("GET", target, headers));
            StringBuilder head = new StringBuilder();
            response.writeHead(head);
            System.out.println(head + response.body());
        }
    }

    private static Router registerRoutes(Router router, Catalog catalog) {
        for (String section : SECTIONS) {
            router.get(String.format("/%s", section), new ListingHandler(catalog, section));
            router.get("/" + section + "/{sku}", new ProductPageHandler(catalog));
        }
        router.get("/health", Handler.constant(200, "ok"));
        router.filter(new Handler.Filter() {
            @Override
            public Http.Response apply(Http.Request request, Handler next) throws Exception {
                String requestId = request.header("x-request-id");
                String sid = request.header("cookie");
                SessionStore.Session session = sid == null ? null : SESSIONS.touch(sid);
                String user = session == null ? "anonymous" : session.user();
                Http.Response response = next.handle(request);
                response.header("X-Trace", String.format("%s;user=%s", requestId, user));
                if (session != null) {
                    response.header("Set-Cookie", SESSIONS.cookie(session));
                }
                return response;
            }
        });
        return router;
    }

    /** Only used to print the route table when the server starts. */
    static List<String> routeTable(Router router) {
        List<Router.Route> routes = router.routes();
        List<String> lines = new ArrayList<>();
        for (Router.Route route : routes) {
            lines.add("  " + route);
        }
        return lines;
    }

    /** URL-safe form of a title; used for every product in every listing. */
    static String slug(String title) {
        return title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    enum Sort {
        PRICE {
            @Override
            Comparator<Product> comparator() { return Comparator.comparingLong(p -> p.cents); }
        },
        TITLE {
            @Override
            Comparator<Product> comparator() { return Comparator.comparing(p -> p.title); }
        },
        NEWEST {
            @Override
            Comparator<Product> comparator() { return Comparator.comparingLong((Product p) -> p.added).reversed(); }
        };

        abstract Comparator<Product> comparator();

        static Sort parse(String raw) {
            if (raw == null) {
                return NEWEST;
            }
            String key = raw.replaceAll("[^A-Za-z]", "").toUpperCase(Locale.ROOT);
            for (Sort s : values()) {
                if (s.name().equals(key)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown sort '" + key + "', use price, title or newest");
        }
    }

    static final class Product {
        final String sku;
        final String title;
        final String section;
        final long cents;
        final long added;
        final List<String> tags;

        private Product(Builder b) {
            this.sku = b.sku;
            this.title = b.title;
            this.section = b.section;
            this.cents = b.cents;
            this.added = b.added;
            this.tags = Collections.unmodifiableList(new ArrayList<>(b.tags));
        }

        /** The JSON shape of a product; built for every product of every listing response. */
        Map<String, Object> toJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("sku", sku);
            json.put("title", title);
            long units = cents / 100;
            long rest = cents % 100;
            json.put("price", units + (rest < 10 ? ".0" : ".") + rest);
            json.put("label", String.format("%s (%s)", title, sku));
            Set<String> tagSet = new HashSet<>();
            tagSet.addAll(tags);
            json.put("tags", tagSet);
            json.put("etag", "W/\"" + Objects.hash(sku, cents) + "\"");
            return json;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Product && ((Product) o).sku.equals(sku) && ((Product) o).cents == cents;
        }

        @Override
        public int hashCode() {
            return Objects.hash(sku, cents);
        }

        @Override
        public String toString() {
            return String.format("Product[%s %s in %s]", sku, title, section);
        }

        static final class Builder {
            private String sku;
            private String title;
            private String section;
            private long cents;
            private long added = System.currentTimeMillis();
            private final List<String> tags = new ArrayList<>();

            Builder sku(String sku) { this.sku = sku; return this; }
            Builder title(String title) { this.title = title; return this; }
            Builder section(String section) { this.section = section; return this; }
            Builder cents(long cents) { this.cents = cents; return this; }
            Builder tag(String tag) { tags.add(tag); return this; }

            Product build() {
                if (sku == null || title == null) {
                    throw new IllegalStateException("product " + sku + " in " + section + " needs a sku and a title");
                }
                return new Product(this);
            }
        }
    }

    /** The product catalogue: an inner class because it reports through the app's logger. */
    final class Catalog {
        private final Map<String, Product> bySku = new LinkedHashMap<>();

        {
            for (String section : SECTIONS) {
                String title = String.format("A first %s item", section);
                add(new Product.Builder().sku(section.charAt(0) + "-1").title(title).section(section).cents(1999).tag("new").build());
            }
        }

        void add(Product p) {
            bySku.put(p.sku, p);
        }

        Product find(String sku) {
            return bySku.get(sku);
        }

        List<Product> inSection(String section) {
            return bySku.values().stream()
                    .filter(p -> p.section.equals(section))
                    .collect(Collectors.toCollection(ArrayList::new));
        }
    }

    /** GET /{section}?sort=price&limit=20 : the section's products as JSON. */
    static final class ListingHandler extends AbstractHandler {
        private final Catalog catalog;
        private final String section;

        ListingHandler(Catalog catalog, String section) {
            super("/" + section);
            this.catalog = catalog;
            this.section = section;
        }

        @Override
        protected void setup(Http.Request request) {
            super.setup(request);
            Map<String, Object> filters = request.typedParams();
            Set<String> names = new HashSet<>();
            names.addAll(filters.keySet());
            request.attribute("filter.names", names);
        }

        @Override
        protected Http.Response doHandle(Http.Request request) {
            Sort sort = Sort.parse(request.param("sort"));
            String limitParam = request.param("limit");
            int limit = limitParam == null ? 50 : Integer.parseInt(limitParam);
            List<Product> products = catalog.inSection(section);
            products.sort(sort.comparator());
            if (products.size() > limit) {
                products = products.subList(0, limit);
            }
            int count = products.size();
            assert count <= limit : String.format("listing of %s has %s items, over the limit of %s", section, count, limit);

            List<String> slugs = products.stream().map(p -> slug(p.title)).collect(Collectors.toList());

            Map<String, Object> body = new LinkedHashMap<>();
            body.put("section", section);
            body.put("sort", sort.name().toLowerCase(Locale.ROOT));
            body.put("items", toJson(products));
            body.put("slugs", slugs);
            String json = new JsonWriter().value(body).toString();
            long version = products.size();
            String path = request.path();
            return Http.Response.json(200, json).header("ETag", Handler.etag(path, version));
        }

        private static List<Object> toJson(List<Product> products) {
            List<Object> items = new ArrayList<>();
            for (Product p : products) {
                items.add(p.toJson());
            }
            return items;
        }
    }

    /** GET /{section}/{sku} : one product page, rendered from the "product" template. */
    static final class ProductPageHandler extends AbstractHandler {
        private final Catalog catalog;

        ProductPageHandler(Catalog catalog) {
            super("/{section}/{sku}");
            this.catalog = catalog;
        }

        @Override
        protected Http.Response doHandle(Http.Request request) {
            @SuppressWarnings("unchecked")
            Map<String, String> vars = (Map<String, String>) request.attribute("path.vars");
            String sku = vars.get("sku");
            Product product = catalog.find(sku);
            if (product == null) {
                throw new IllegalArgumentException("no product " + sku);
            }
            Map<String, String> model = new HashMap<>();
            model.put("title", product.title);
            model.put("price", String.valueOf(product.cents / 100.0));
            String[] tagLinks = product.tags.stream().map(t -> "<a href=\"/tags/" + slug(t) + "\">" + t + "</a>").toArray(String[]::new);
            model.put("extra", String.join(" ", tagLinks));
            return Http.Response.html(TEMPLATES.render("product", model));
        }
    }
}
