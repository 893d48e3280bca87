package dev.rewriteperf.profile;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The method key the data table carries is read back as it was written: the report tool joins on it. */
class MethodKeyTest {

    @Test
    void aKeyIsReadBackAsWritten() {
        for (String written : new String[]{"com.example.Orders#total(Ljava/util/List;)J",
                "com.example.Orders#total(I)J overloaded", "com.example.Orders#<clinit>", "Orders#<init>()V"}) {
            assertThat(MethodKey.parse(written)).hasToString(written);
        }
    }

    @Test
    void itsPartsAreTheRecordingsNames() {
        MethodKey key = MethodKey.parse("com.example.Orders#total(I)J overloaded");
        assertThat(key.topLevelClass).isEqualTo("com.example.Orders");
        assertThat(key.name).isEqualTo("total");
        assertThat(key.descriptor).isEqualTo("(I)J");
        assertThat(key.overloaded).isTrue();
        assertThat(MethodKey.parse("com.example.Orders#total").descriptor).isNull();
    }

    @Test
    void textThatIsNotAKeySaysSo() {
        assertThatThrownBy(() -> MethodKey.parse("Orders.total")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a method key");
        assertThatThrownBy(() -> MethodKey.parse("Orders#")).isInstanceOf(IllegalArgumentException.class);
    }

    /** The report tool loads these classes without OpenRewrite on its class path. */
    @Test
    void whatTheReportToolLoadsImportsOnlyTheJdk() throws Exception {
        for (String name : new String[]{"MethodKey", "HotMethods", "MethodHeat"}) {
            java.nio.file.Path source = java.nio.file.Paths.get("src/main/java/dev/rewriteperf/profile/" + name + ".java");
            assertThat(java.nio.file.Files.readAllLines(source)).filteredOn(line -> line.startsWith("import "))
                    .allSatisfy(line -> assertThat(line).matches("import (java\\.|org\\.jspecify\\.annotations\\.Nullable;).*"));
        }
    }
}
