package com.acme.payments.acquirer;

import com.acme.payments.config.MerchantConfig;
import com.acme.payments.model.Payment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Stream;

/** JSON-over-HTTPS adapter for NovaPay. One instance, created when the gateway starts, serves every merchant. */
public final class NovaPayAcquirer extends Acquirer {

    private static final Map<String, String> DEFAULT_HEADERS = Map.of(
            "Content-Type", "application/json",
            "Accept", "application/json",
            "NovaPay-Version", "2023-10");

    /** Headers every NovaPay call carries, flattened for HttpRequest.Builder#headers. */
    static final String[] DEFAULT_HEADER_PAIRS = DEFAULT_HEADERS.entrySet().stream()
            .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
            .toArray(String[]::new);

    private final HttpClient client;
    private final String baseUrl;
    private final Function<String, MerchantConfig> merchants;

    public NovaPayAcquirer(String baseUrl, HttpClient client, Function<String, MerchantConfig> merchants) {
        super("NovaPay");
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.client = client;
        this.merchants = merchants;
    }

    @Override
    public CompletableFuture<Payment.Result> authorise(Payment.Request request, String idempotencyKey) {
        String orderRef = request.orderRef();
        long amount = request.amountMinor();
        String currency = request.currency();
        String token = request.cardToken();
        String json = String.format("{\"reference\":\"%s\",\"amount\":%s,\"currency\":\"%s\",\"token\":\"%s\"}",
                orderRef, amount, currency, token);
        HttpRequest httpRequest = newRequest(baseUrl + "/v2/payments", request.merchantId(), idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
        return client.sendAsync(httpRequest, HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> toResult(orderRef, response));
    }

    @Override
    public CompletableFuture<Payment.Result> capture(String merchantId, String acquirerRef, String idempotencyKey) {
        String url = String.format("%s/v2/payments/%s/captures", baseUrl, acquirerRef);
        HttpRequest httpRequest = newRequest(url, merchantId, idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build();
        return client.sendAsync(httpRequest, HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> {
                    if (response.statusCode() == 404) {
                        throw new IllegalStateException(String.format("NovaPay has no payment %s to capture", acquirerRef));
                    }
                    return toResult(acquirerRef, response);
                })
                .thenApply(result -> result.status() == Payment.Status.AUTHORISED
                        ? Payment.Result.captured(result.orderRef(), result.acquirerRef())
                        : result);
    }

    /** Builds the request every call sends: the merchant's own headers, then the idempotency key. */
    private HttpRequest.Builder newRequest(String url, String merchantId, String idempotencyKey) {
        MerchantConfig config = merchants.apply(merchantId);
        Map<String, String> headers = new LinkedHashMap<>(config.acquirerHeaders());
        headers.put("Idempotency-Key", idempotencyKey);
        String[] headerPairs = headers.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        return HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .headers(DEFAULT_HEADER_PAIRS)
                .headers(headerPairs);
    }

    private Payment.Result toResult(String orderRef, HttpResponse<String> response) {
        int status = response.statusCode();
        switch (status) {
            case 200:
            case 201:
            case 402:
                return parseBody(orderRef, response.body());
            case 409:
                // the first attempt with this idempotency key is still being processed
                throw new TransientException("409", "NovaPay is still processing " + orderRef, null);
            default:
                if (isRetryableHttpStatus(status)) {
                    throw new TransientException(String.valueOf(status), "NovaPay HTTP " + status, null);
                }
                throw new IllegalStateException("NovaPay answered HTTP " + status + " for " + orderRef);
        }
    }

    /** NovaPay answers a flat object: {"pspReference":"...","resultCode":"Authorised","refusalReasonCode":"NP-05"}. */
    private Payment.Result parseBody(String orderRef, String body) {
        String pspReference = null;
        String resultCode = null;
        String refusalCode = null;
        for (String field : body.split("[,{}]")) {
            int colon = field.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = unquote(field.substring(0, colon));
            String value = unquote(field.substring(colon + 1));
            switch (key) {
                case "pspReference":
                    pspReference = value;
                    break;
                case "resultCode":
                    resultCode = value;
                    break;
                case "refusalReasonCode":
                    refusalCode = value;
                    break;
                default:
                    break;
            }
        }
        if ("Authorised".equals(resultCode)) {
            return Payment.Result.authorised(orderRef, pspReference);
        }
        if ("Received".equals(resultCode)) {
            return Payment.Result.pending(orderRef, pspReference);
        }
        String code = normaliseCode(refusalCode == null ? "NP-96" : refusalCode);
        throw mapError(code, String.valueOf(resultCode), orderRef);
    }

    private static String unquote(String raw) {
        String text = raw.trim();
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            return text.substring(1, text.length() - 1);
        }
        return text;
    }
}
