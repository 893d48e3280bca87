package com.acme.graphql.execution;

import com.acme.graphql.schema.SchemaRegistry;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The default data fetcher: reads a field from a Map entry, a JavaBean getter or a record accessor of the
 * source object. Every field declared without its own fetcher uses one of these.
 */
public final class PropertyDataFetcher implements SchemaRegistry.DataFetcher {

  private static final Map<Class<?>, Map<String, Method>> GETTERS = new ConcurrentHashMap<>();

  /**
   * Fetcher for list fields whose property is a Java array or holds {@link Optional} elements; the engine
   * completes lists from collections only.
   */
  public static final SchemaRegistry.DataFetcher COLLECTION = new SchemaRegistry.DataFetcher() {
    @Override
    public Object get(SchemaRegistry.Env env) throws Exception {
      Object value = new PropertyDataFetcher(env.fieldName).get(env);
      if (value instanceof Object[] array) {
        List<Object> items = new ArrayList<>();
        for (Object element : array) {
          items.add(element instanceof Optional<?> optional ? optional.orElse(null) : element);
        }
        return items;
      }
      return value;
    }
  };

  private final String propertyName;

  public PropertyDataFetcher(String propertyName) {
    this.propertyName = propertyName;
  }

  @Override
  public Object get(SchemaRegistry.Env env) throws Exception {
    Object source = env.source;
    if (source == null) {
      return null;
    }
    if (source instanceof Map<?, ?> map) {
      Object value = map.get(propertyName);
      if (value == null && !map.containsKey(propertyName)) {
        // rows from the SQL layer use snake_case column names
        String column = propertyName.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
        value = map.get(column);
      }
      return value;
    }
    Method getter = gettersOf(source.getClass()).get(propertyName);
    if (getter == null) {
      String typeName = source.getClass().getName();
      throw new IllegalStateException(String.format("No property '%s' on %s", propertyName, typeName));
    }
    return getter.invoke(source);
  }

  static Map<String, Method> gettersOf(Class<?> type) {
    return GETTERS.computeIfAbsent(type, PropertyDataFetcher::introspect);
  }

  private static Map<String, Method> introspect(Class<?> type) {
    Map<String, Method> getters = new TreeMap<>();
    for (Method method : type.getMethods()) {
      if (method.getParameterCount() != 0 || method.getDeclaringClass() == Object.class) {
        continue;
      }
      String name = method.getName();
      if (name.startsWith("get") && name.length() > 3) {
        getters.put(Character.toLowerCase(name.charAt(3)) + name.substring(4), method);
      } else if (name.startsWith("is") && name.length() > 2 && method.getReturnType() == boolean.class) {
        getters.put(Character.toLowerCase(name.charAt(2)) + name.substring(3), method);
      } else {
        getters.putIfAbsent(name, method);
      }
    }
    return Collections.unmodifiableMap(getters);
  }

  /** Serializes leaf values (scalars) by their Java class; looked up for every scalar value of a response. */
  enum Coercions {
    INSTANCE;

    interface Coercer {
      Object serialize(Object value);
    }

    private final Map<Class<?>, Coercer> byType = Collections.synchronizedMap(new HashMap<>());

    Coercer forType(Class<?> type) {
      Coercer coercer = byType.get(type);
      if (coercer == null) {
        coercer = create(type);
        byType.put(type, coercer);
      }
      return coercer;
    }

    private static Coercer create(Class<?> type) {
      if (type == Integer.class || type == Long.class || type == Short.class || type == Byte.class) {
        return value -> ((Number) value).longValue();
      }
      if (type == Float.class || type == Double.class) {
        return value -> ((Number) value).doubleValue();
      }
      if (BigDecimal.class.isAssignableFrom(type)) {
        return value -> ((BigDecimal) value).toPlainString();
      }
      if (type == Boolean.class) {
        return value -> value;
      }
      if (Enum.class.isAssignableFrom(type)) {
        return value -> ((Enum<?>) value).name();
      }
      if (TemporalAccessor.class.isAssignableFrom(type)) {
        return Object::toString;
      }
      return String::valueOf;
    }
  }
}
