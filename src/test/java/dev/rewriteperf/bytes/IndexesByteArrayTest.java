package dev.rewriteperf.bytes;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.test.RewriteTest.toRecipe;

/** The byte view recipes' precondition: which files it lets through, marked as found. */
class IndexesByteArrayTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(toRecipe(IndexesByteArray::new));
    }

    @Test
    void aByteReadIsFound() {
        rewriteRun(
          java(
            //language=java
            """
              class Reads {
                  static int first(byte[] b) {
                      return b[0];
                  }
              }
              """,
            """
              /*~~>*/class Reads {
                  static int first(byte[] b) {
                      return b[0];
                  }
              }
              """
          )
        );
    }

    @Test
    void aByteWriteInANestedClassIsFound() {
        rewriteRun(
          java(
            //language=java
            """
              class Writes {
                  static class Inner {
                      void clear(byte[] b) {
                          b[1] = 0;
                      }
                  }
              }
              """,
            //language=java
            """
              /*~~>*/class Writes {
                  static class Inner {
                      void clear(byte[] b) {
                          b[1] = 0;
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void otherArraysAndByteBuffersAreNot() {
        rewriteRun(
          java(
            //language=java
            """
              import java.nio.ByteBuffer;

              class Others {
                  static int read(int[] words, char[] chars, byte[][] rows, ByteBuffer buffer) {
                      byte[] row = rows[0];
                      return words[0] << 8 | chars[1] | buffer.get(2) & 0xFF | row.length;
                  }
              }
              """
          )
        );
    }
}
