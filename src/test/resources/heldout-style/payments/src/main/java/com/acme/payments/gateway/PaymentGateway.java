package com.acme.payments.gateway;

import com.acme.payments.acquirer.Acquirer;
import com.acme.payments.config.MerchantConfig;
import com.acme.payments.http.Http;
import com.acme.payments.model.Payment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Routes merchant requests to the acquirer configured for the merchant. One instance, built in
 * {@code GatewayApp.main}, serves every request of the process.
 */
public final class PaymentGateway {

    private final Map<String, MerchantConfig> merchants;
    private final Map<String, Acquirer> acquirers;
    private final Http.Metrics metrics;
    private final Backoff backoff;
    private final ConcurrentMap<Payment.IdempotencyKey, CompletableFuture<Payment.Result>> inFlight =
            new ConcurrentHashMap<>();

    public PaymentGateway(Map<String, MerchantConfig> merchants, Map<String, Acquirer> acquirers, Http.Metrics metrics,
            Backoff backoff) {
        this.merchants = merchants;
        this.acquirers = acquirers;
        this.metrics = metrics;
        this.backoff = backoff;
    }

    /** The handler for POST /payments/authorise. */
    public Http.Handler authoriseHandler() {
        return this::handleAuthorise;
    }

    /** The handler for POST /payments/capture-batch. */
    public Http.Handler captureBatchHandler() {
        return new CaptureBatchHandler();
    }

    /** Body: "merchant: m-1\norder: o-9\namount: 12.50\ncurrency: EUR\ntoken: tok_abc", one field per line. */
    private Http.Response handleAuthorise(Http.Request request) {
        RequestFields fields = parseFields(request.bodyText());
        if (!fields.complete()) {
            return Http.Response.text(400, "missing field\n");
        }
        MerchantConfig config = merchants.get(fields.merchant);
        if (config == null) {
            return Http.Response.text(404, "unknown merchant\n");
        }
        long amountMinor = parseAmount(fields.amount);
        Payment.Request payment = new Payment.Request(fields.merchant, fields.order, amountMinor, fields.currency,
                fields.token);
        return toResponse(authorise(config, payment).join());
    }

    private static RequestFields parseFields(String body) {
        RequestFields fields = new RequestFields();
        for (String line : body.split("\\r?\\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                fields.set(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            }
        }
        return fields;
    }

    /** "12.50" is 1250 minor units; the API documents two decimals at most. */
    static long parseAmount(String amount) {
        int dot = amount.indexOf('.');
        if (dot < 0) {
            return Long.parseLong(amount) * 100;
        }
        long major = Long.parseLong(amount.substring(0, dot));
        int tenths = dot + 1 < amount.length() ? amount.charAt(dot + 1) - '0' : 0;
        int hundredths = dot + 2 < amount.length() ? amount.charAt(dot + 2) - '0' : 0;
        return major * 100 + tenths * 10 + hundredths;
    }

    /** Called for every authorisation; concurrent duplicates of one order share the first attempt's future. */
    CompletableFuture<Payment.Result> authorise(MerchantConfig config, Payment.Request payment) {
        String merchantId = payment.merchantId();
        String orderRef = payment.orderRef();
        long amountMinor = payment.amountMinor();
        assert amountMinor > 0 : String.format("amount %s of %s/%s must be positive", amountMinor, merchantId, orderRef);
        Payment.IdempotencyKey key = Payment.IdempotencyKey.of(merchantId, "auth", orderRef);
        Acquirer acquirer = acquirers.get(config.acquirer());
        String[] tags = tagArray(config.tags());
        CompletableFuture<Payment.Result> future = inFlight.computeIfAbsent(key, k -> backoff
                .retry(() -> acquirer.authorise(payment, k.value()), k.value())
                .thenApply(result -> {
                    metrics.increment("authorise_" + result.status().name().toLowerCase(Locale.ROOT), tags);
                    return result;
                })
                .exceptionally(failure -> {
                    Throwable cause = unwrap(failure);
                    String reason = cause.getClass().getSimpleName();
                    metrics.increment("authorise_error", tags);
                    return Payment.Result.failed(orderRef, String.format("authorisation of %s failed: %s", orderRef, reason));
                }));
        future.whenComplete((result, failure) -> inFlight.remove(key, future));
        return future;
    }

    CompletableFuture<Payment.Result> capture(MerchantConfig config, String acquirerRef) {
        String merchantId = config.merchantId();
        Payment.IdempotencyKey key = Payment.IdempotencyKey.of(merchantId, "capture", acquirerRef);
        Acquirer acquirer = acquirers.get(config.acquirer());
        return backoff.retry(() -> acquirer.capture(merchantId, acquirerRef, key.value()), key.value())
                .exceptionally(failure -> Payment.Result.failed(acquirerRef, "capture failed"));
    }

    /** Merchant tags as Metrics takes them: all keys, then all values. */
    private static String[] tagArray(Map<String, String> tags) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            keys.add(tag.getKey());
            values.add(tag.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    private static Http.Response toResponse(Payment.Result result) {
        Payment.Status status = result.status();
        String ref = result.acquirerRef();
        int httpStatus;
        switch (status) {
            case AUTHORISED:
            case CAPTURED:
                httpStatus = 200;
                break;
            case PENDING:
                httpStatus = 202;
                break;
            case DECLINED:
                httpStatus = 402;
                break;
            default:
                httpStatus = 502;
                break;
        }
        return Http.Response.text(httpStatus, String.format("status=%s%nref=%s%n", status, ref));
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    private static List<String> summarise(List<CompletableFuture<Payment.Result>> captures) {
        List<String> lines = new ArrayList<>();
        for (CompletableFuture<Payment.Result> capture : captures) {
            lines.add(capture.join().toLine());
        }
        return lines;
    }

    /** POST /payments/capture-batch: header X-Merchant, then one acquirer reference per line. */
    private final class CaptureBatchHandler implements Http.Handler {
        @Override
        public Http.Response handle(Http.Request request) {
            MerchantConfig config = merchants.get(request.header("X-Merchant"));
            if (config == null) {
                return Http.Response.text(404, "unknown merchant\n");
            }
            List<String> refs = Arrays.asList(request.bodyText().trim().split("\n"));
            List<CompletableFuture<Payment.Result>> captures = refs.stream()
                    .map(ref -> capture(config, ref.trim()))
                    .collect(Collectors.toList());
            CompletableFuture.allOf(captures.toArray(new CompletableFuture<?>[0])).join();
            return Http.Response.text(200, String.join("\n", summarise(captures)) + "\n");
        }
    }

    private static final class RequestFields {
        String merchant;
        String order;
        String amount;
        String currency;
        String token;

        void set(String name, String value) {
            switch (name) {
                case "merchant":
                    merchant = value;
                    break;
                case "order":
                    order = value;
                    break;
                case "amount":
                    amount = value;
                    break;
                case "currency":
                    currency = value;
                    break;
                case "token":
                    token = value;
                    break;
                default:
                    break;
            }
        }

        boolean complete() {
            return merchant != null && order != null && amount != null && currency != null && token != null;
        }
    }

    /** Retries a call whose failure the acquirer marked retryable, with exponential backoff and jitter. */
    public static final class Backoff {
        private final int maxAttempts;
        private final long baseDelayMillis;

        public Backoff(int maxAttempts, long baseDelayMillis) {
            this.maxAttempts = maxAttempts;
            this.baseDelayMillis = baseDelayMillis;
        }

        <T> CompletableFuture<T> retry(Supplier<CompletableFuture<T>> call, String operation) {
            return attempt(call, operation, 1);
        }

        private <T> CompletableFuture<T> attempt(Supplier<CompletableFuture<T>> call, String operation, int attempt) {
            return call.get().handle((value, failure) -> {
                if (failure == null) {
                    return CompletableFuture.completedFuture(value);
                }
                Throwable cause = unwrap(failure);
                boolean retryable = cause instanceof Acquirer.AcquirerException
                        && ((Acquirer.AcquirerException) cause).retryable();
                if (!retryable) {
                    return CompletableFuture.<T>failedFuture(cause);
                }
                if (attempt >= maxAttempts) {
                    return CompletableFuture.<T>failedFuture(new CompletionException(
                            String.format("%s gave up after %s attempts", operation, attempt), cause));
                }
                long delay = baseDelayMillis << (attempt - 1);
                long jitter = ThreadLocalRandom.current().nextLong(delay / 2 + 1);
                Executor later = CompletableFuture.delayedExecutor(delay + jitter, TimeUnit.MILLISECONDS);
                return CompletableFuture.supplyAsync(() -> operation, later)
                        .thenCompose(ignored -> attempt(call, operation, attempt + 1));
            }).thenCompose(Function.identity());
        }
    }
}
