package dev.rewriteperf.analysis.names;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FreshNamesTest {

    @Test
    void theSingularOfAPlainPluralNamesOneElement() {
        assertThat(FreshNames.singular("languageTags")).isEqualTo("languageTag");
        assertThat(FreshNames.singular("entries")).isEqualTo("entry");
        assertThat(FreshNames.singular("boxes")).isEqualTo("box");
        assertThat(FreshNames.singular("matches")).isEqualTo("match");
        assertThat(FreshNames.singular("addresses")).isEqualTo("address");
    }

    @Test
    void aNameThatIsNotAPluralHasNoSingular() {
        assertThat(FreshNames.singular("status")).isNull();
        assertThat(FreshNames.singular("axis")).isNull();
        assertThat(FreshNames.singular("address")).isNull();
        assertThat(FreshNames.singular("data")).isNull();
        assertThat(FreshNames.singular("as")).isNull();
        // "class" is a keyword: no variable can have that name
        assertThat(FreshNames.singular("classes")).isNull();
    }
}
