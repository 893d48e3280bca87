package dev.rewriteperf;

import org.openrewrite.test.SourceSpecs;

import static org.openrewrite.xml.Assertions.xml;

/** Checkstyle configurations for tests: what a project's build checks its code with. */
public final class Checkstyle {

    private Checkstyle() {
    }

    /**
     * A configuration with a MagicNumber check, as Apache Commons projects keep one ({@code src/conf/checkstyle.xml});
     * {@code properties} are its {@code <property>} lines, none for the check's defaults.
     */
    public static SourceSpecs magicNumberCheck(String properties) {
        return xml(
          "<?xml version=\"1.0\"?>\n<module name=\"Checker\">\n  <module name=\"TreeWalker\">\n" +
          "    <module name=\"MagicNumber\"" + (properties.isEmpty() ? " />\n" : ">\n" + properties + "    </module>\n") +
          "  </module>\n</module>\n",
          spec -> spec.path("src/conf/checkstyle.xml"));
    }
}
