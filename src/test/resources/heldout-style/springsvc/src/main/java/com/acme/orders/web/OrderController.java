package com.acme.orders.web;

import com.acme.orders.model.Order;
import com.acme.orders.model.OrderLine;
import com.acme.orders.service.OrderService;
import com.acme.orders.service.OrderValidator;
import com.acme.orders.service.OrderValidator.ValidationException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

@RestController
@RequestMapping("/api/orders")
public class OrderController {

    private final OrderService service;
    private final OrderValidator validator;
    private final Function<String, String> etagFormatter;
    private final Predicate<String> skuFilter;
    private final Path invoiceDir;
    private final Path attachmentDir;

    public OrderController(OrderService service, OrderValidator validator,
                           Function<String, String> etagFormatter, Predicate<String> skuFilter,
                           @Value("${orders.invoice-dir}") String invoiceDir,
                           @Value("${orders.attachment-dir}") String attachmentDir) {
        this.service = service;
        this.validator = validator;
        this.etagFormatter = etagFormatter;
        this.skuFilter = skuFilter;
        this.invoiceDir = Paths.get(invoiceDir);
        this.attachmentDir = Paths.get(attachmentDir);
    }

    @GetMapping("/{orderNo}")
    public OrderView get(@PathVariable("orderNo") String orderNo) {
        long id = parseSequence(orderNo);
        return toView(service.find(id));
    }

    @GetMapping
    public PageResponse search(@RequestParam("customer") String customerId,
                               @RequestParam(value = "sku", required = false) String sku,
                               @RequestParam(value = "cursor", required = false) String cursor) {
        List<Order> page = service.findPage(customerId, cursor);
        if (sku != null) {
            String wanted = validator.normalizeSku(sku);
            page.removeIf(o -> !o.skuSet().contains(wanted) || !skuFilter.test(wanted));
        }
        List<OrderView> views = page.stream().map(this::toView).collect(Collectors.toList());
        String next = page.isEmpty() ? null : service.nextCursor(page.get(page.size() - 1));
        return new PageResponse(views, next);
    }

    @PostMapping
    public OrderView create(@RequestBody CreateOrderRequest request,
                            @RequestHeader("Idempotency-Key") String idempotencyKey) {
        validator.validate(request);
        try {
            return toView(service.place(request, idempotencyKey));
        } catch (IllegalStateException duplicate) {
            String customerId = request.customerId();
            throw new ConflictException(
                    String.format("order for %s already placed under key %s", customerId, idempotencyKey), duplicate);
        }
    }

    @PostMapping("/{orderNo}/attachments")
    public long upload(@PathVariable("orderNo") String orderNo, MultipartFile file) throws IOException {
        Path target = attachmentDir.resolve(orderNo).resolve(file.getOriginalFilename());
        Files.createDirectories(target.getParent());
        long written = 0;
        try (InputStream in = file.getInputStream(); OutputStream out = Files.newOutputStream(target)) {
            while (written < file.getSize()) {
                byte[] chunk = new byte[16 * 1024];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                out.write(chunk, 0, n);
                written += n;
            }
        }
        return written;
    }

    @GetMapping("/{orderNo}/invoice")
    public byte[] invoice(@PathVariable("orderNo") String orderNo) {
        Path pdf = invoiceDir.resolve(orderNo + ".pdf");
        try (InputStream in = Files.newInputStream(pdf); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ExceptionHandler(ValidationException.class)
    public ErrorBody onValidation(ValidationException e) {
        String code = e.getField().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase();
        String message = e.getMessage();
        return new ErrorBody(code, code + ": " + message);
    }

    /** ORD-000123-EU: the numeric part is the database sequence. */
    static long parseSequence(String orderNo) {
        int first = orderNo.indexOf('-');
        int second = orderNo.indexOf('-', first + 1);
        return Long.parseLong(orderNo.substring(first + 1, second));
    }

    private OrderView toView(Order order) {
        List<LineView> lines = lineViews(order);
        String orderNo = order.getOrderNo();
        long total = order.totalCents();
        String etag = etagFormatter.apply(orderNo);
        String self = "/api/orders/" + orderNo;
        return new OrderView(orderNo, order.getStatus().name(), total, etag, self, lines);
    }

    private static List<LineView> lineViews(Order order) {
        List<LineView> lines = new ArrayList<>();
        for (OrderLine line : order.getLines()) {
            lines.add(new LineView(line.getSku(), line.getQuantity(), line.totalCents()));
        }
        return lines;
    }

    public record LineRequest(String sku, int quantity) {
    }

    public record CreateOrderRequest(String customerId, String region, String currency, List<LineRequest> lines) {
    }

    public record LineView(String sku, int quantity, long totalCents) {
    }

    public record OrderView(String orderNo, String status, long totalCents, String etag, String self,
                            List<LineView> lines) {
        @Override
        public String toString() {
            int lineCount = lines.size();
            return String.format("OrderView[%s, %s, %s lines, total=%s]", orderNo, status, lineCount, totalCents);
        }
    }

    public record PageResponse(List<OrderView> items, String nextCursor) {
    }

    public record ErrorBody(String code, String message) {
    }

    public static class ConflictException extends RuntimeException {
        public ConflictException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
