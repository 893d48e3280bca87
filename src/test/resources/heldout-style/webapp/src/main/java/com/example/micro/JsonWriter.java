package com.example.micro;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A small streaming JSON writer. Handlers create one per response; every value, field name
 * and string of the payload goes through it.
 */
public final class JsonWriter {

	/** Writes a value of a type the writer does not know; registered by the application at startup. */
	public interface Adapter {
		void write(Object value, JsonWriter out);
	}

	private static final Map<Class<?>, List<Field>> FIELDS = new ConcurrentHashMap<>();
	private static final Map<Class<?>, Adapter> ADAPTERS = new ConcurrentHashMap<>();

	private final StringBuilder out;
	private int depth;

	public JsonWriter() {
		this(new StringBuilder(512));
	}

	public JsonWriter(StringBuilder out) {
		this.out = out;
	}

	public static void register(Class<?> type, Adapter adapter) {
		ADAPTERS.put(type, adapter);
	}

	@SuppressWarnings("unchecked")
	public JsonWriter value(Object v) {
		if (++depth > 64) {
			throw new IllegalStateException(tooDeep(v, depth));
		}
		try {
			if (v == null) {
				out.append("null");
			} else if (v instanceof String) {
				string((String) v);
			} else if (v instanceof Double || v instanceof Float) {
				double d = ((Number) v).doubleValue();
				out.append(Double.isNaN(d) || Double.isInfinite(d) ? "null" : Double.toString(d));
			} else if (v instanceof Number || v instanceof Boolean) {
				out.append(v);
			} else if (v instanceof Map) {
				object((Map<String, Object>) v);
			} else if (v instanceof Collection) {
				array((Collection<?>) v);
			} else {
				Adapter adapter = ADAPTERS.get(v.getClass());
				if (adapter != null) {
					adapter.write(v, this);
				} else {
					bean(v);
				}
			}
		} finally {
			depth--;
		}
		return this;
	}

	public JsonWriter name(String name) {
		String escaped = escape(name);
		out.append(String.format("\"%s\":", escaped));
		return this;
	}

	private void string(String s) {
		String escaped = escape(s);
		out.append('"').append(escaped).append('"');
	}

	private static String escape(String s) {
		StringBuilder sb = null;
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			String replacement;
			switch (c) {
				case '"': replacement = "\\\""; break;
				case '\\': replacement = "\\\\"; break;
				case '\n': replacement = "\\n"; break;
				case '\r': replacement = "\\r"; break;
				case '\t': replacement = "\\t"; break;
				default: replacement = null;
			}
			if (replacement != null && sb == null) {
				sb = new StringBuilder(s.length() + 8).append(s, 0, i);
			}
			if (sb != null) {
				if (replacement != null) sb.append(replacement); else sb.append(c);
			}
		}
		return sb == null ? s : sb.toString();
	}

	private void object(Map<String, Object> map) {
		out.append('{');
		boolean first = true;
		for (String key : map.keySet()) {
			if (!first) {
				out.append(',');
			}
			first = false;
			name(key);
			value(map.get(key));
		}
		out.append('}');
	}

	private void array(Collection<?> items) {
		out.append('[');
		boolean first = true;
		for (Object item : items) {
			if (!first) {
				out.append(',');
			}
			first = false;
			value(item);
		}
		out.append(']');
	}

	private void bean(Object bean) {
		List<Field> fields = fieldsOf(bean.getClass());
		String[] names = fields.stream().map(Field::getName).toArray(String[]::new);
		out.append('{');
		for (int i = 0; i < names.length; i++) {
			if (i > 0) {
				out.append(',');
			}
			name(names[i]);
			try {
				value(fields.get(i).get(bean));
			} catch (IllegalAccessException e) {
				throw new IllegalStateException("cannot read " + names[i] + " of " + bean.getClass().getName(), e);
			}
		}
		out.append('}');
	}

	private static List<Field> fieldsOf(Class<?> type) {
		List<Field> fields = FIELDS.get(type);
		if (fields == null) {
			fields = introspect(type);
			FIELDS.put(type, fields);
		}
		return fields;
	}

	private static List<Field> introspect(Class<?> type) {
		Field[] declared = type.getDeclaredFields();
		List<Field> readable = new ArrayList<>(declared.length);
		for (Field f : declared) {
			if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) {
				continue;
			}
			f.setAccessible(true);
			readable.add(f);
		}
		return readable;
	}

	private static String tooDeep(Object value, int depth) {
		String type = value == null ? "null" : value.getClass().getName();
		return String.format("JSON nesting deeper than %s at a %s; is there a cycle?", depth, type);
	}

	@Override
	public String toString() {
		return out.toString();
	}
}
