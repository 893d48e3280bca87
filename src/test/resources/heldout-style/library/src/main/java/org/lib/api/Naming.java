package org.lib.api;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Gives display names to items of some type.
 *
 * @param <T> the item type
 */
public interface Naming<T> {

    String name(T item);

    default List<String> names(List<T> items) {
        return items.stream().map(this::name).collect(Collectors.toList());
    }

    default String label(T item, int index) {
        return String.format("%s#%s", name(item), index);
    }

    static Set<String> tokens(String text) {
        String[] parts = text.split("[,;]\\s*");
        return Arrays.stream(parts).map(String::trim).collect(Collectors.toSet());
    }

    static Set<String> union(Collection<String> first, Collection<String> second) {
        Set<String> all = new HashSet<>();
        all.addAll(first);
        all.addAll(second);
        return all;
    }

    static Naming<String> normalized() {
        return new Naming<String>() {
            @Override
            public String name(String item) {
                return item.replaceFirst("^\\s+", "").toLowerCase(Locale.ROOT);
            }
        };
    }
}
