package dev.rewriteperf.streams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;

/** Lists of names to run a size-preserving pipeline's before and after on: empty, one, a null, and large. */
final class NameLists {

    private NameLists() {
    }

    static List<List<String>> inputs() {
        List<String> large = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            large.add(" name " + i + " ");
        }
        return Arrays.asList(Collections.emptyList(), Collections.singletonList(" a "),
                Arrays.asList("a", null, "b"), new LinkedList<>(large), large);
    }
}
