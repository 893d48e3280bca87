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

    /** A review's finds: {@code aliases} is not {@code aliase}'s plural, nor {@code dns} {@code dn}'s. */
    @Test
    void aPluralWhoseSingularItsEndingDoesNotTellHasNone() {
        assertThat(FreshNames.singular("aliases")).isNull();
        assertThat(FreshNames.singular("statuses")).isNull();
        assertThat(FreshNames.singular("cases")).isNull();
        assertThat(FreshNames.singular("series")).isNull();
        assertThat(FreshNames.singular("movies")).isNull();
        assertThat(FreshNames.singular("indices")).isNull();
        assertThat(FreshNames.singular("dns")).isNull();
        assertThat(FreshNames.singular("serverDns")).isNull();
        assertThat(FreshNames.singular("alias")).isNull();
        assertThat(FreshNames.singular("userAliases")).isNull();
        // the last word decides: these end as plain plurals do
        assertThat(FreshNames.singular("deviceIds")).isEqualTo("deviceId");
        assertThat(FreshNames.singular("userEntries")).isEqualTo("userEntry");
        assertThat(FreshNames.singular("services")).isEqualTo("service");
    }
}
