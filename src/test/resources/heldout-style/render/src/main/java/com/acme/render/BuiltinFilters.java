package com.acme.render;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.acme.render.FilterRegistry.Named;

/**
 * The built-in filters. {@link FilterRegistry} finds the {@link Named} methods here by reflection when it is
 * initialised; each one then runs once per value it is applied to.
 */
final class BuiltinFilters {

  private static final Map<Class<?>, Function<Object, String>> STRINGIFIERS = new ConcurrentHashMap<>();

  private static final Map<FormatKey, NumberFormat> FORMATS = new ConcurrentHashMap<>();

  private BuiltinFilters() {
  }

  /** How a value is written when no filter turned it into a string: called for every variable of every render. */
  static String stringify(Object value) {
    if (value == null) {
      return "";
    }
    return STRINGIFIERS.computeIfAbsent(value.getClass(), BuiltinFilters::stringifierFor).apply(value);
  }

  private static Function<Object, String> stringifierFor(Class<?> type) {
    if (type == String.class) {
      return v -> (String) v;
    }
    if (type == Double.class || type == Float.class || type == BigDecimal.class) {
      return v -> new BigDecimal(v.toString()).stripTrailingZeros().toPlainString();
    }
    if (Optional.class == type) {
      return v -> ((Optional<?>) v).map(BuiltinFilters::stringify).orElse("");
    }
    if (type.isArray() && !type.getComponentType().isPrimitive()) {
      return v -> Arrays.deepToString((Object[]) v);
    }
    return String::valueOf;
  }

  /** Key of the number format cache: one prototype per locale, currency and number of digits. */
  static final class FormatKey {
    private final String tag;
    private final String currency;
    private final int digits;

    FormatKey(String tag, String currency, int digits) {
      this.tag = tag;
      this.currency = currency;
      this.digits = digits;
    }

    @Override
    public boolean equals(Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof FormatKey)) {
        return false;
      }
      FormatKey other = (FormatKey) o;
      return digits == other.digits && tag.equals(other.tag) && currency.equals(other.currency);
    }

    @Override
    public int hashCode() {
      return Objects.hash(tag, currency, digits);
    }
  }

  private static NumberFormat newFormat(FormatKey key) {
    NumberFormat format = NumberFormat.getNumberInstance(Locale.forLanguageTag(key.tag));
    format.setMinimumFractionDigits(key.digits);
    format.setMaximumFractionDigits(key.digits);
    return format;
  }

  private static void requireArgs(String filter, List<String> args, int count) {
    if (args.size() < count) {
      int got = args.size();
      throw new IllegalArgumentException(String.format("filter %s needs %s argument(s), got %s", filter, count, got));
    }
  }

  @Named
  static Object currency(Object value, List<String> args, Locale locale) {
    requireArgs("currency", args, 1);
    String code = args.get(0);
    int digits = args.size() > 1 ? Integer.parseInt(args.get(1)) : 2;
    FormatKey key = new FormatKey(locale.toLanguageTag(), code, digits);
    NumberFormat format = (NumberFormat) FORMATS.computeIfAbsent(key, BuiltinFilters::newFormat).clone();
    String amount = format.format(new BigDecimal(stringify(value)));
    return String.format("%s %s", code, amount);
  }

  /** {@code 2024-03-05} (or a timestamp starting with it) to {@code 03/2024}, as printed on cards and invoices. */
  @Named
  static Object monthYear(Object value, List<String> args, Locale locale) {
    String iso = stringify(value);
    if (iso.length() < 7) {
      return iso;
    }
    StringBuilder out = new StringBuilder(7);
    out.append(iso.substring(5, 7));
    out.append('/');
    out.append(iso, 0, 4);
    return out.toString();
  }

  @Named
  static Object slug(Object value, List<String> args, Locale locale) {
    String lower = stringify(value).toLowerCase(Locale.ROOT);
    String slug = lower.replaceAll("[^a-z0-9]+", "-");
    int start = slug.startsWith("-") ? 1 : 0;
    int end = slug.endsWith("-") && slug.length() > start ? slug.length() - 1 : slug.length();
    return slug.substring(start, end);
  }

  /** Keeps a short text on one line, e.g. a price with its currency: {@code {{& total | currency(EUR) | nbsp}}}. */
  @Named
  static Object nbsp(Object value, List<String> args, Locale locale) {
    String text = stringify(value);
    return text.replaceAll(" ", "&nbsp;");
  }

  @Named(width = true)
  static Object truncate(Object value, List<String> args, Locale locale) {
    String text = stringify(value);
    int max = Integer.parseInt(args.get(0));
    return text.length() <= max ? text : text.substring(0, Math.max(0, max - 1)) + "\u2026";
  }

  @Named(value = "pad", width = true)
  static Object padLeft(Object value, List<String> args, Locale locale) {
    String text = stringify(value);
    int width = Integer.parseInt(args.get(0));
    return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
  }

  /** {@code {{ item | pluck(name) | join }}}: one property of every element of a collection. */
  @Named
  static Object pluck(Object value, List<String> args, Locale locale) {
    requireArgs("pluck", args, 1);
    String property = args.get(0);
    Collection<?> items = (Collection<?>) value;
    List<Object> out = new ArrayList<>();
    for (Object item : items) {
      out.add(Renderer.property(item, property));
    }
    return out;
  }

  /** {@code {{ tags | hashtags | join(" ") }}}: {@code summer sale} becomes {@code #summersale}. */
  @Named
  static Object hashtags(Object value, List<String> args, Locale locale) {
    Collection<?> tags = (Collection<?>) value;
    List<String> out = tags.stream().map(t -> "#" + stringify(t).replace(" ", "")).collect(Collectors.toList());
    return out;
  }

  /** {@code {{ params | with_query("/search") }}}: a link with the map's entries as its query string. */
  @Named("with_query")
  static Object withQuery(Object value, List<String> args, Locale locale) {
    @SuppressWarnings("unchecked")
    Map<String, String> params = (Map<String, String>) value;
    String base = args.isEmpty() ? "" : args.get(0);
    String[] pairs = params.entrySet().stream()
        .flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    return query(base, pairs);
  }

  static String query(String base, String... pairs) {
    StringBuilder url = new StringBuilder(base.length() + pairs.length * 8).append(base);
    for (int i = 0; i + 1 < pairs.length; i += 2) {
      url.append(i == 0 && base.indexOf('?') < 0 ? '?' : '&');
      url.append(URLEncoder.encode(pairs[i], StandardCharsets.UTF_8)).append('=')
          .append(URLEncoder.encode(pairs[i + 1], StandardCharsets.UTF_8));
    }
    return url.toString();
  }
}
