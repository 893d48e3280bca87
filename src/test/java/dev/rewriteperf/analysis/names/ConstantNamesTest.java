package dev.rewriteperf.analysis.names;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConstantNamesTest {

    @Test
    void upperSnakeSplitsCamelCaseWordsAndAcronyms() {
        assertThat(ConstantNames.upperSnake("splitPath")).isEqualTo("SPLIT_PATH");
        assertThat(ConstantNames.upperSnake("createSSLKeyStore")).isEqualTo("CREATE_SSL_KEY_STORE");
        assertThat(ConstantNames.upperSnake("HttpMethod")).isEqualTo("HTTP_METHOD");
        assertThat(ConstantNames.upperSnake("HTTPMethod")).isEqualTo("HTTP_METHOD");
        assertThat(ConstantNames.upperSnake("utf8Encoder")).isEqualTo("UTF8_ENCODER");
        assertThat(ConstantNames.upperSnake("slug")).isEqualTo("SLUG");
        // a constant's name is already in snake case: the held-out log shipper's TIMESTAMP_PREFIX gave TIMESTAMP__PREFIX
        assertThat(ConstantNames.upperSnake("TIMESTAMP_PREFIX")).isEqualTo("TIMESTAMP_PREFIX");
        assertThat(ConstantNames.upperSnake("max_size")).isEqualTo("MAX_SIZE");
        assertThat(ConstantNames.upperSnake("ibanRegex_")).isEqualTo("IBAN_REGEX");
    }

    /** A review's find: {@code getURLs} was {@code GET_UR_LS}. */
    @Test
    void anAcronymsPluralStaysWithIt() {
        assertThat(ConstantNames.upperSnake("getURLs")).isEqualTo("GET_URLS");
        assertThat(ConstantNames.upperSnake("allIDsOfUsers")).isEqualTo("ALL_IDS_OF_USERS");
        assertThat(ConstantNames.words("getURLs")).containsExactly("get", "URLs");
        // a capital before a small letter other than a plural's s starts a word
        assertThat(ConstantNames.upperSnake("URLStore")).isEqualTo("URL_STORE");
        assertThat(ConstantNames.upperSnake("IOStream")).isEqualTo("IO_STREAM");
    }
}
