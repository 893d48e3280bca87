package com.acme.dao.migrate;

import com.acme.dao.ConnectionPool;
import com.acme.dao.JdbcTemplate;
import com.acme.dao.SchemaIntrospector;
import com.acme.dao.entity.Customer;
import com.acme.dao.entity.OrderLine;
import com.acme.dao.jdbc.Sql;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Applies the scripts of a directory ({@code V<version>__<description>.sql}) that schema_version does not
 * list yet. The deployment pipeline runs it once before the application starts:
 * <pre>
 * java com.acme.dao.migrate.MigrationTool url=jdbc:acme://db:5432/shop user=deploy dir=db/migration \
 *      placeholder.schema=shop
 * </pre>
 * A script whose first line is {@code -- create-tables: com.acme.Foo, com.acme.Bar} also gets the tables
 * of those entity classes created, as {@link SchemaIntrospector} maps them.
 */
public final class MigrationTool {

    private static final Map<Class<?>, String> CREATE_TABLE_SQL = new HashMap<>();

    private static final String CREATE_TABLES = "-- create-tables:";
    private static final String PLACEHOLDER = "placeholder.";

    /** A row of schema_version. */
    @SchemaIntrospector.Table("schema_version")
    public static final class AppliedMigration {
        private String version;
        private String description;
        private int checksum;
        private long installedOn;

        public AppliedMigration() {
        }

        public String getVersion() {
            return version;
        }

        public String getDescription() {
            return description;
        }

        public int getChecksum() {
            return checksum;
        }

        public long getInstalledOn() {
            return installedOn;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof AppliedMigration)) {
                return false;
            }
            AppliedMigration other = (AppliedMigration) o;
            return Objects.equals(version, other.version) && checksum == other.checksum;
        }

        @Override
        public int hashCode() {
            return Objects.hash(version, checksum);
        }

        @Override
        public String toString() {
            return String.format("V%s %s (checksum %s)", version, description, checksum);
        }
    }

    private MigrationTool() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new TreeMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            options.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        String url = require(options, "url");
        String user = require(options, "user");
        File dir = new File(options.getOrDefault("dir", "db/migration"));

        Map<String, String> placeholders = new TreeMap<>();
        for (Map.Entry<String, String> option : options.entrySet()) {
            if (option.getKey().startsWith(PLACEHOLDER)) {
                placeholders.put(option.getKey().substring(PLACEHOLDER.length()), option.getValue());
            }
        }
        String[] substitutions = Stream.concat(placeholders.keySet().stream(), placeholders.values().stream())
                .toArray(String[]::new);

        Sql.Driver driver = ServiceLoader.load(Sql.Driver.class).iterator().next();
        ConnectionPool pool = ConnectionPool.create(driver, ConnectionPool.Config.parse(url, user, 2));
        JdbcTemplate jdbc = new JdbcTemplate(pool, "migrate");
        SchemaIntrospector.warmUp(Arrays.<Class<?>>asList(AppliedMigration.class, Customer.class, OrderLine.class));

        File[] found = dir.listFiles((d, name) -> name.startsWith("V") && name.endsWith(".sql"));
        if (found == null) {
            throw new IllegalStateException("Not a directory: " + dir.getAbsolutePath());
        }
        List<File> scripts = Arrays.asList(found);
        Collections.sort(scripts);
        List<String> names = scripts.stream().map(File::getName).collect(Collectors.toList());
        System.out.println("Scripts in " + dir + ": " + names);

        List<AppliedMigration> applied = jdbc.queryForList("SELECT * FROM schema_version", AppliedMigration.class);
        Set<String> appliedVersions = applied.stream().map(AppliedMigration::getVersion).collect(Collectors.toSet());

        int count = 0;
        for (File script : scripts) {
            String name = script.getName();
            int sep = name.indexOf("__");
            String version = name.substring(1, sep);
            if (appliedVersions.contains(version)) {
                continue;
            }
            String description = name.substring(sep + 2, name.length() - ".sql".length()).replace('_', ' ');
            StringBuilder banner = new StringBuilder("Applying ");
            banner.append(name.substring(0, sep));
            banner.append(": ").append(description);
            System.out.println(banner);

            ByteArrayOutputStream content = new ByteArrayOutputStream();
            try (InputStream in = new FileInputStream(script)) {
                while (true) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    content.write(chunk, 0, n);
                }
            }
            String sql = substitute(new String(content.toByteArray(), StandardCharsets.UTF_8), substitutions);
            int checksum = Objects.hash(version, sql);

            if (sql.startsWith(CREATE_TABLES)) {
                String classList = sql.substring(CREATE_TABLES.length(), sql.indexOf('\n')).trim();
                for (String className : classList.split("\\s*,\\s*")) {
                    Class<?> type = Class.forName(className);
                    jdbc.update(CREATE_TABLE_SQL.computeIfAbsent(type, MigrationTool::createTableSql));
                }
            }
            jdbc.update(sql);
            jdbc.update("INSERT INTO schema_version (version, description, checksum, installed_on) VALUES (?, ?, ?, ?)",
                    version, description, checksum, System.currentTimeMillis());
            count++;
        }
        System.out.println("Applied " + count + " of " + scripts.size() + " scripts");
    }

    private static String require(Map<String, String> options, String key) {
        String value = options.get(key);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("Missing option " + key + "=...");
        }
        return value;
    }

    /** Replaces {@code ${name}} in a script; the names come first in the array, then the values. */
    private static String substitute(String sql, String[] namesThenValues) {
        int half = namesThenValues.length / 2;
        String result = sql;
        for (int i = 0; i < half; i++) {
            result = result.replace("${" + namesThenValues[i] + "}", namesThenValues[half + i]);
        }
        return result;
    }

    private static String createTableSql(Class<?> type) {
        SchemaIntrospector.TableMeta table = SchemaIntrospector.table(type);
        StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(table.name()).append(" (");
        String separator = "";
        for (SchemaIntrospector.ColumnMeta column : table.columns()) {
            ddl.append(separator).append(column.ddl());
            separator = ", ";
        }
        return ddl.append(')').toString();
    }
}
