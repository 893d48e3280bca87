package com.acme.dao;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Reads the table layout of entity classes by reflection. Each class is introspected once, the first
 * time it is used; the result is shared by the query builder, the row mappers and the migration tool.
 */
public final class SchemaIntrospector {

	/** Overrides the table name derived from the class name. */
	@Retention(RetentionPolicy.RUNTIME)
	@Target(ElementType.TYPE)
	public @interface Table {
		String value();

		String alias() default "";
	}

	private static final Map<Class<?>, TableMeta> TABLES = new ConcurrentHashMap<>();

	private static final List<String> RESERVED_WORDS =
			Arrays.asList("order", "user", "group", "select", "table", "index", "key");

	private static final Set<String> RESERVED = RESERVED_WORDS.stream()
			.map(word -> word.toUpperCase(Locale.ROOT))
			.collect(Collectors.toSet());

	private static final Map<Class<?>, String> SQL_TYPES = new HashMap<>();

	static {
		SQL_TYPES.put(String.class, "VARCHAR(255)");
		SQL_TYPES.put(long.class, "BIGINT");
		SQL_TYPES.put(Long.class, "BIGINT");
		SQL_TYPES.put(int.class, "INTEGER");
		SQL_TYPES.put(Integer.class, "INTEGER");
		SQL_TYPES.put(boolean.class, "BOOLEAN");
		SQL_TYPES.put(byte[].class, "BLOB");
		SQL_TYPES.put(String[].class, "VARCHAR(1000)");
	}

	private SchemaIntrospector() {
	}

	/** The layout of an entity's table; introspected on first use. */
	public static TableMeta table(Class<?> type) {
		return TABLES.computeIfAbsent(type, SchemaIntrospector::introspect);
	}

	/** Introspects the given entity classes up front, so that a mapping error stops the application early. */
	public static void warmUp(Collection<Class<?>> types) {
		for (Class<?> type : types) {
			table(type);
		}
	}

	/** camelCase property to snake_case column: {@code unitPriceCents} becomes {@code unit_price_cents}. */
	public static String columnName(String property) {
		return property.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
	}

	private static TableMeta introspect(Class<?> type) {
		Table annotation = type.getAnnotation(Table.class);
		String name = annotation != null ? annotation.value() : pluralize(columnName(type.getSimpleName()));
		if (RESERVED.contains(name.toUpperCase(Locale.ROOT))) {
			throw new DaoException("Table name " + name + " of " + type.getName() + " is a reserved word");
		}
		List<Field> persistent = Arrays.stream(type.getDeclaredFields())
				.filter(f -> !Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers()))
				.collect(Collectors.toList());
		String alias = annotation == null || annotation.alias().isEmpty() ? null : annotation.alias();
		return new TableMeta(name, alias, persistent, columnsOf(persistent));
	}

	private static List<ColumnMeta> columnsOf(List<Field> fields) {
		List<ColumnMeta> columns = new ArrayList<>();
		for (Field field : fields) {
			columns.add(new ColumnMeta(columnName(field.getName()), sqlType(field), !field.getType().isPrimitive()));
		}
		return columns;
	}

	private static String pluralize(String word) {
		return word.matches(".*(s|x|z|ch|sh)") ? word + "es" : word + "s";
	}

	private static String sqlType(Field field) {
		Class<?> type = field.getType();
		if (type.isEnum()) {
			return "VARCHAR(32)";
		}
		String sqlType = SQL_TYPES.get(type);
		if (sqlType == null) {
			throw new DaoException("Unsupported type " + type.getName() + " of field " + field);
		}
		return sqlType;
	}

	/** The mapped layout of one entity class. Immutable. */
	public static final class TableMeta {
		private final String name;
		private final String alias;
		private final List<Field> fields;
		private final List<ColumnMeta> columns;

		TableMeta(String name, String alias, List<Field> fields, List<ColumnMeta> columns) {
			this.name = name;
			this.alias = alias;
			List<Field> copy = new ArrayList<>();
			copy.addAll(fields);
			this.fields = Collections.unmodifiableList(copy);
			this.columns = Collections.unmodifiableList(new ArrayList<>(columns));
		}

		public String name() {
			return name;
		}

		/** The alias the table's columns are selected with, or null. */
		public String alias() {
			return alias;
		}

		public List<Field> fields() {
			return fields;
		}

		public List<ColumnMeta> columns() {
			return columns;
		}

		/** Column names in declaration order; the query builder asks for them on every query. */
		public String[] columnNames() {
			return columns.stream().map(ColumnMeta::name).toArray(String[]::new);
		}

		@Override
		public String toString() {
			int count = columns.size();
			return String.format("TableMeta[%s as %s, %s columns]", name, alias, count);
		}
	}

	/** One mapped column. */
	public static final class ColumnMeta {
		private final String name;
		private final String sqlType;
		private final boolean nullable;

		ColumnMeta(String name, String sqlType, boolean nullable) {
			this.name = name;
			this.sqlType = sqlType;
			this.nullable = nullable;
		}

		public String name() {
			return name;
		}

		public String ddl() {
			return nullable ? name + " " + sqlType : name + " " + sqlType + " NOT NULL";
		}

		@Override
		public String toString() {
			return "ColumnMeta[" + ddl() + "]";
		}
	}
}
