package com.example.micro;

import java.util.Locale;

/** Anything that turns a request into a response. Filters wrap handlers. */
@FunctionalInterface
public interface Handler {

    Http.Response handle(Http.Request request) throws Exception;

    /** Shown in the X-Handler response header: {@code ProductHandler} becomes {@code product-handler}. */
    default String name() {
        String simple = getClass().getSimpleName();
        return simple.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    default Handler with(Filter filter) {
        Handler self = this;
        return request -> filter.apply(request, self);
    }

    static Handler constant(int status, String body) {
        return request -> Http.Response.text(status, body);
    }

    /** Weak validator for a resource at {@code path} in its {@code version}; computed for every cacheable response. */
    static String etag(String path, long version) {
        return String.format("W/\"%s-%s\"", path, version);
    }

    @FunctionalInterface
    interface Filter {
        Http.Response apply(Http.Request request, Handler next) throws Exception;
    }
}
