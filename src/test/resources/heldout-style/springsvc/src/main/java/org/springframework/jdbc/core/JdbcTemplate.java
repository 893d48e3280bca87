package org.springframework.jdbc.core;

import java.util.Collections;
import java.util.List;

/**
 * A stand-in for Spring's JdbcTemplate. The case's author wrote it to throw; it returns nothing instead, since the
 * project sees Spring as a jar, whose methods no analysis reads as always throwing.
 */
public class JdbcTemplate {
    public <T> List<T> query(String sql, RowMapper<T> rowMapper, Object... args) {
        return Collections.emptyList();
    }

    public <T> T queryForObject(String sql, RowMapper<T> rowMapper, Object... args) {
        return null;
    }

    public <T> List<T> queryForList(String sql, Class<T> elementType, Object... args) {
        return Collections.emptyList();
    }

    public int update(String sql, Object... args) {
        return 0;
    }

    public int[] batchUpdate(String sql, List<Object[]> batchArgs) {
        return new int[0];
    }
}
