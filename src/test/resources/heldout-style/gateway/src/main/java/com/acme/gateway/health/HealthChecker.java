package com.acme.gateway.health;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Probes every upstream every few seconds, each probe on its own virtual thread, and answers {@link #isUp} for each
 * request from the last complete round. An upstream that has not been probed yet counts as up.
 */
public final class HealthChecker implements AutoCloseable {

    private static final Set<Integer> HEALTHY_CODES = List.of(System.getProperty("gateway.health.ok", "200,204").split(","))
            .stream().map(code -> Integer.valueOf(code.strip())).collect(Collectors.toSet());

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(Thread.ofVirtual().name("health-scheduler").factory());
    private final String probePath;
    private volatile List<Upstream> targets = List.of();
    private volatile Map<Upstream, ProbeResult> status = Map.of();

    public HealthChecker(int intervalSeconds, String probePath) {
        this.probePath = probePath;
        scheduler.scheduleWithFixedDelay(this::probeAllQuietly, 0, intervalSeconds, TimeUnit.SECONDS);
    }

    /** Called at startup and after each config reload with the upstreams of the new route table. */
    public void retarget(Collection<String> upstreamUrls) {
        this.targets = upstreamUrls.stream().distinct().map(Upstream::parse).toList();
    }

    /** Called for every routed request with the full upstream URL it is about to be sent to. */
    public boolean isUp(String url) {
        int schemeEnd = url.indexOf("://");
        int hostStart = schemeEnd + 3;
        int pathStart = url.indexOf('/', hostStart);
        if (pathStart < 0) {
            pathStart = url.length();
        }
        int colon = url.lastIndexOf(':', pathStart - 1);
        String scheme = url.substring(0, schemeEnd);
        String host;
        int port;
        if (colon > hostStart) {
            host = url.substring(hostStart, colon);
            port = Integer.parseInt(url.substring(colon + 1, pathStart));
        } else {
            host = url.substring(hostStart, pathStart);
            port = "https".equals(scheme) ? 443 : 80;
        }
        ProbeResult last = status.get(new Upstream(scheme, host, port));
        return last == null || last.up();
    }

    /** Lines for the admin page. */
    public List<String> report() {
        Map<Upstream, ProbeResult> snapshot = status;
        return snapshot.values().stream().map(ProbeResult::describe).collect(Collectors.toList());
    }

    private void probeAllQuietly() {
        try {
            probeAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | RuntimeException e) {
            e.printStackTrace();
        }
    }

    void probeAll() throws InterruptedException, ExecutionException {
        List<Upstream> current = targets;
        try (ExecutorService probes = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ProbeResult>> pending = new ArrayList<>();
            for (Upstream upstream : current) {
                pending.add(probes.submit(() -> probe(upstream)));
            }
            Map<Upstream, ProbeResult> next = new HashMap<>(pending.size());
            for (Future<ProbeResult> future : pending) {
                ProbeResult result = future.get();
                next.put(result.upstream(), result);
            }
            status = next;
        }
    }

    private ProbeResult probe(Upstream upstream) {
        String url = String.format("%s://%s:%s%s", upstream.scheme, upstream.host, upstream.port, probePath);
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).GET().build();
        try {
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            return new ProbeResult(upstream, HEALTHY_CODES.contains(response.statusCode()), "");
        } catch (IOException e) {
            String host = upstream.host;
            String reason = e.getClass().getSimpleName();
            return new ProbeResult(upstream, false, host + " unreachable: " + reason);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ProbeResult(upstream, false, "interrupted");
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }

    record ProbeResult(Upstream upstream, boolean up, String problem) {
        String describe() {
            String target = upstream.toString();
            return up ? target + " up" : target + " DOWN " + problem;
        }
    }

    static final class Upstream {
        final String scheme;
        final String host;
        final int port;

        Upstream(String scheme, String host, int port) {
            this.scheme = scheme;
            this.host = host;
            this.port = port;
        }

        static Upstream parse(String url) {
            URI uri = URI.create(url);
            int port = uri.getPort() > 0 ? uri.getPort() : ("https".equals(uri.getScheme()) ? 443 : 80);
            return new Upstream(uri.getScheme(), uri.getHost(), port);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Upstream u && port == u.port && scheme.equals(u.scheme) && host.equals(u.host);
        }

        @Override
        public int hashCode() {
            return Objects.hash(scheme, host, port);
        }

        @Override
        public String toString() {
            return String.format("%s://%s:%s", scheme, host, port);
        }
    }
}
