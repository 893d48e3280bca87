package dev.rewriteperf.analysis.writing;

import org.junit.jupiter.api.Test;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Where {@link ClassMembers} puts added members, and the blank lines around them. */
class ClassMembersTest {

    @Test
    void fieldsAddedFirstAreSetApartByABlankLine() {
        assertThat(inserted("class A {\n    void f() {\n    }\n}\n", 0, "int added;"))
          .isEqualTo("class A {\n    int added;\n\n    void f() {\n    }\n}\n");
    }

    @Test
    void fieldsAddedAfterOthersJoinThem() {
        assertThat(inserted("class A {\n    int first;\n\n    void f() {\n    }\n}\n", 1, "int added;"))
          .isEqualTo("class A {\n    int first;\n    int added;\n\n    void f() {\n    }\n}\n");
    }

    /** A class that leaves a blank line after its opening brace keeps it there, above the added fields. */
    @Test
    void aBlankLineAfterTheOpeningBraceStaysThere() {
        assertThat(inserted("class A {\n\n\tvoid f() {\n\t}\n}\n", 0, "int added;"))
          .isEqualTo("class A {\n\n\tint added;\n\n\tvoid f() {\n\t}\n}\n");
    }

    /** The blank line is the class's, before its first member's comment: the comment stays with its member. */
    @Test
    void aBlankLineBeforeTheFirstMembersCommentStaysAfterTheBrace() {
        assertThat(inserted("class A {\n\n    /** F. */\n    void f() {\n    }\n}\n", 0, "int added;"))
          .isEqualTo("class A {\n\n    int added;\n\n    /** F. */\n    void f() {\n    }\n}\n");
    }

    @Test
    void anEmptyBodyIsIndentedWithFourSpaces() {
        assertThat(inserted("class A {\n}\n", 0, "int added;")).isEqualTo("class A {\n    int added;\n}\n");
    }

    @Test
    void aMethodAddedLastStartsAfterABlankLine() {
        J.CompilationUnit cu = parse("class A {\n    int first;\n}\n");
        List<Statement> members = new ArrayList<>(body(cu).getStatements());
        members.add(ClassMembers.afterBlankLine(members("void added() {\n}").get(0), ClassMembers.indent(body(cu))));

        assertThat(print(cu, members)).isEqualTo("class A {\n    int first;\n\n    void added() {\n}\n}\n");
    }

    /** {@code source} with the members {@code added} inserted into its class at {@code index}, printed. */
    private static String inserted(String source, int index, String added) {
        J.CompilationUnit cu = parse(source);
        return print(cu, ClassMembers.insert(body(cu).getStatements(), index, members(added), ClassMembers.indent(body(cu))));
    }

    private static List<Statement> members(String code) {
        return Collections.unmodifiableList(body(parse("class B {" + code + "}")).getStatements());
    }

    private static J.Block body(J.CompilationUnit cu) {
        return cu.getClasses().get(0).getBody();
    }

    private static String print(J.CompilationUnit cu, List<Statement> members) {
        J.ClassDeclaration c = cu.getClasses().get(0);
        return cu.withClasses(Collections.singletonList(c.withBody(c.getBody().withStatements(members)))).printAll();
    }

    private static J.CompilationUnit parse(String source) {
        return (J.CompilationUnit) JavaParser.fromJavaVersion().build()
          .parse(new InMemoryExecutionContext(), source)
          .findFirst()
          .orElseThrow();
    }
}
