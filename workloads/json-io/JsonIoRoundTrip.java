package workloads.jsonio;

import com.cedarsoftware.io.JsonIo;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * A service's JSON traffic through json-io's public API: an order document (a customer, 20 lines with products,
 * prices and attribute maps) written to JSON and read back into Java objects, with default options. Nothing here is
 * chosen for the pack's idioms.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class JsonIoRoundTrip {

    public static class Customer {
        public String id;
        public String name;
        public String email;
        public List<String> tags = new ArrayList<>();
    }

    public static class Line {
        public String sku;
        public String description;
        public int quantity;
        public BigDecimal unitPrice;
        public Map<String, String> attributes = new LinkedHashMap<>();
    }

    public static class Order {
        public long number;
        public LocalDate placed;
        public Customer customer;
        public List<Line> lines = new ArrayList<>();
        public BigDecimal total;
        public boolean gift;
    }

    private Order order;
    private String json;

    @Setup
    public void setUp() {
        Random random = new Random(37);
        order = new Order();
        order.number = 1_000_000L + random.nextInt(1000);
        order.placed = LocalDate.of(2026, 11, 1 + random.nextInt(25));
        order.customer = new Customer();
        order.customer.id = "c-" + random.nextInt(100_000);
        order.customer.name = "Customer " + random.nextInt(1000);
        order.customer.email = "customer" + random.nextInt(1000) + "@example.com";
        order.customer.tags.add("returning");
        order.customer.tags.add("newsletter");
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < 20; i++) {
            Line line = new Line();
            line.sku = "SKU-" + (10_000 + random.nextInt(90_000));
            line.description = "Product number " + i + " in colour " + (random.nextBoolean() ? "red" : "blue");
            line.quantity = 1 + random.nextInt(5);
            line.unitPrice = BigDecimal.valueOf(100 + random.nextInt(10_000), 2);
            line.attributes.put("size", random.nextBoolean() ? "M" : "L");
            line.attributes.put("warehouse", "w" + random.nextInt(9));
            order.lines.add(line);
            total = total.add(line.unitPrice.multiply(BigDecimal.valueOf(line.quantity)));
        }
        order.total = total;
        json = JsonIo.toJson(order, null);
    }

    @Benchmark
    public String write() {
        return JsonIo.toJson(order, null);
    }

    @Benchmark
    public Order read() {
        return JsonIo.toJava(json, null).asClass(Order.class);
    }
}
