package dev.rewriteperf.analysis.project;

import dev.rewriteperf.bytes.UseVarHandleForByteReads;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.SourceSpecs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;
import static org.openrewrite.maven.Assertions.pomXml;
import static org.openrewrite.xml.Assertions.xml;

/**
 * The release a recipe assumes is the lowest the module's default build promises, not the one Maven resolved on the
 * JDK it runs on: a Java 8 library with a profile activated by JDK 17 gets no Java 9 API. Probed with the byte views,
 * which need Java 9; every file here is parsed as Maven on JDK 17 would mark it (its JavaVersion says 17).
 */
class ReleasePromisesTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new UseVarHandleForByteReads());
    }

    //language=java
    private static final String READ = """
      class Bits {
          static int getInt(byte[] b, int off) {
              return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
          }
      }
      """;

    //language=java
    private static final String VIEW = """
      import java.lang.invoke.MethodHandles;
      import java.lang.invoke.VarHandle;
      import java.nio.ByteOrder;

      class Bits {
          private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

          static int getInt(byte[] b, int off) {
              return (int) INT_BE.get(b, off);
          }
      }
      """;

    /** kryo's default build: source and target 1.8 through its own {@code javac.target} property. */
    private static final String JAVAC_TARGET_1_8 = """
          <properties>
              <javac.target>1.8</javac.target>
          </properties>
          <build>
              <plugins>
                  <plugin>
                      <artifactId>maven-compiler-plugin</artifactId>
                      <configuration>
                          <source>${javac.target}</source>
                          <target>${javac.target}</target>
                      </configuration>
                  </plugin>
              </plugins>
          </build>
      """;

    private static SourceSpecs pom(String build) {
        //language=xml
        return pomXml(
          """
            <project>
                <modelVersion>4.0.0</modelVersion>
                <groupId>com.example</groupId>
                <artifactId>bits</artifactId>
                <version>1.0</version>
            %s
            </project>
            """.formatted(build)
        );
    }

    private static SourceSpecs javaSeventeen(String before) {
        return version(java(before), 17);
    }

    private static SourceSpecs javaSeventeen(String before, String after) {
        return version(java(before, after), 17);
    }

    /** The one row, left alone, with {@code reason} in its reason and {@code release} in its release column. */
    private static void leftAloneFor(RecipeSpec spec, String reason, String release) {
        spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row.isChanged()).isFalse();
            assertThat(row.getReason()).contains(reason);
            assertThat(row.getRelease()).isEqualTo(release);
        }));
    }

    @Test
    void profileActivatedByTheRunningJdkIsNotCounted() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9, beyond Java 8: the default build's source is 1.8 (${javac.target})",
            "Java 8: the default build's source is 1.8 (${javac.target}); profile `ide` (JDK [17,)), activated by " +
            "the running JDK, not counted"),
          pom(JAVAC_TARGET_1_8 + """
                <profiles>
                    <profile>
                        <id>ide</id>
                        <activation>
                            <jdk>[17,)</jdk>
                        </activation>
                        <build>
                            <plugins>
                                <plugin>
                                    <artifactId>maven-compiler-plugin</artifactId>
                                    <configuration>
                                        <release>17</release>
                                    </configuration>
                                </plugin>
                            </plugins>
                        </build>
                    </profile>
                </profiles>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void jacksonStyleProfileForIdesIsNotCounted() {
        // influxdb-java, as jackson-databind: a managed compiler at 1.8, and a profile activated by JDK 17 that sets
        // release 17 "so that Intellij picks the right language level"
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9",
            "Java 8: the default build's source is 1.8; profile `java17` (JDK 17), activated by the running JDK, not counted"),
          pom("""
                <build>
                    <pluginManagement>
                        <plugins>
                            <plugin>
                                <groupId>org.apache.maven.plugins</groupId>
                                <artifactId>maven-compiler-plugin</artifactId>
                                <version>3.12.1</version>
                                <configuration>
                                    <source>1.8</source>
                                    <target>1.8</target>
                                    <compilerArgs>
                                        <!-- Needed for Android desugared record tests -->
                                        <arg>-parameters</arg>
                                    </compilerArgs>
                                </configuration>
                            </plugin>
                        </plugins>
                    </pluginManagement>
                </build>
                <profiles>
                    <profile>
                        <!-- A different setup for JDK 17 -->
                        <id>java17</id>
                        <activation>
                            <jdk>17</jdk>
                        </activation>
                        <build>
                            <plugins>
                                <plugin>
                                    <groupId>org.apache.maven.plugins</groupId>
                                    <artifactId>maven-compiler-plugin</artifactId>
                                    <inherited>true</inherited>
                                    <configuration>
                                        <!-- Enable Java 17 for all sources so that Intellij picks the right language level -->
                                        <source>17</source>
                                        <release>17</release>
                                        <compilerArgs>
                                            <arg>-parameters</arg>
                                        </compilerArgs>
                                    </configuration>
                                </plugin>
                            </plugins>
                        </build>
                    </profile>
                </profiles>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void aJdkProfileThatLeavesTheCompilerAloneIsNotMentioned() {
        // kryo's jdk11ge adds test sources and leaves the compiler alone (its jdk17ge sets source to the running VM's);
        // OpenRewrite's model of the pom gives each profile the base build's plugins, so the profile is read as text
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9", "Java 8: the default build's source is 1.8 (${javac.target})"),
          pom(JAVAC_TARGET_1_8 + """
                <profiles>
                    <profile>
                        <id>jdk17ge</id>
                        <activation>
                            <jdk>[17,)</jdk>
                        </activation>
                        <build>
                            <plugins>
                                <plugin>
                                    <artifactId>maven-surefire-plugin</artifactId>
                                    <configuration>
                                        <excludes>
                                            <exclude>**/java11/*Test.java</exclude>
                                        </excludes>
                                    </configuration>
                                </plugin>
                            </plugins>
                        </build>
                    </profile>
                </profiles>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void aJdkProfileRunListedAmongTheActiveProfilesIsStillNotCounted() {
        // The plugin passes the profiles Maven activated, the JDK's included, as the run's active profiles
        rewriteRun(
          spec -> {
              spec.parser(org.openrewrite.maven.MavenParser.builder().activeProfiles("java17"));
              leftAloneFor(spec, "needs Java 9",
                "Java 8: the default build's source is 1.8; profile `java17` (JDK 17), activated by the running JDK, not counted");
          },
          pom("""
                <properties>
                    <maven.compiler.source>1.8</maven.compiler.source>
                </properties>
                <profiles>
                    <profile>
                        <id>java17</id>
                        <activation>
                            <jdk>17</jdk>
                        </activation>
                        <properties>
                            <maven.compiler.release>17</maven.compiler.release>
                        </properties>
                    </profile>
                </profiles>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void sourceOfTheRunningVmInAJdkProfileIsNotCounted() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9",
            "Java 8: the default build's source is 1.8; profile `jdk17` (JDK [17,)), activated by the running JDK, not counted"),
          pom("""
                <properties>
                    <maven.compiler.source>1.8</maven.compiler.source>
                    <maven.compiler.target>1.8</maven.compiler.target>
                </properties>
                <profiles>
                    <profile>
                        <id>jdk17</id>
                        <activation>
                            <jdk>[17,)</jdk>
                        </activation>
                        <properties>
                            <maven.compiler.source>${java.vm.specification.version}</maven.compiler.source>
                            <maven.compiler.target>${java.vm.specification.version}</maven.compiler.target>
                        </properties>
                    </profile>
                </profiles>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void onlyAJdkProfileSetsTheReleaseSoTheCompilersDefaultIsPromised() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9",
            "Java 8: the default build sets no release, and the compiler's default is 8 or lower; profile `modern` " +
            "(JDK [11,)), activated by the running JDK, not counted"),
          pom("""
                <profiles>
                    <profile>
                        <id>modern</id>
                        <activation>
                            <jdk>[11,)</jdk>
                        </activation>
                        <properties>
                            <maven.compiler.release>11</maven.compiler.release>
                        </properties>
                    </profile>
                </profiles>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void animalSnifferSignatureIsAPromise() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9",
            "Java 8: the animal-sniffer signature java18 checks the Java 8 API"),
          pom("""
                <properties>
                    <maven.compiler.release>11</maven.compiler.release>
                </properties>
                <build>
                    <plugins>
                        <plugin>
                            <groupId>org.codehaus.mojo</groupId>
                            <artifactId>animal-sniffer-maven-plugin</artifactId>
                            <configuration>
                                <signature>
                                    <groupId>org.codehaus.mojo.signature</groupId>
                                    <artifactId>java18</artifactId>
                                    <version>1.0</version>
                                </signature>
                            </configuration>
                        </plugin>
                    </plugins>
                </build>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void androidSignatureIsAPromiseOfJava8AtMost() {
        // jackson-databind 2.18: an Android SDK 26 signature, though Maven on JDK 17 compiles it for release 17
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9",
            "Java 8: the animal-sniffer signature gummy-bears-api-26 checks an Android API (Java 8 at most assumed)"),
          pom("""
                <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                </properties>
                <build>
                    <plugins>
                        <plugin>
                            <groupId>org.codehaus.mojo</groupId>
                            <artifactId>animal-sniffer-maven-plugin</artifactId>
                            <configuration>
                                <signature>
                                    <groupId>com.toasttab.android</groupId>
                                    <artifactId>gummy-bears-api-26</artifactId>
                                    <version>0.12.0</version>
                                </signature>
                            </configuration>
                        </plugin>
                    </plugins>
                </build>
            """),
          javaSeventeen(READ)
        );
    }

    /**
     * jeromq: release 11, and an Android test app in its repository ({@code jeromq-core/src/android}); its changelog
     * promises Android support, where {@code byteArrayViewVarHandle} needs API level 33. Java 8 at most is assumed.
     */
    @Test
    void anAndroidAppInTheProjectIsAPromiseOfJava8AtMost() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9", "Java 8: the project also builds for Android " +
            "(core/src/android/app/src/main/AndroidManifest.xml), whose API level may lack what Java 9 and later added " +
            "(Java 8 at most assumed)"),
          pom("""
                <properties>
                    <maven.compiler.release>11</maven.compiler.release>
                </properties>
            """),
          xml("<manifest package=\"org.zeromq\"/>", spec -> spec.path("core/src/android/app/src/main/AndroidManifest.xml")),
          javaSeventeen(READ)
        );
    }

    @Test
    void enforcersBytecodeRuleIsAPromise() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9",
            "Java 8: the enforcer's enforceBytecodeVersion allows Java 8 bytecode at most"),
          pom("""
                <build>
                    <plugins>
                        <plugin>
                            <artifactId>maven-enforcer-plugin</artifactId>
                            <executions>
                                <execution>
                                    <id>bytecode</id>
                                    <goals><goal>enforce</goal></goals>
                                    <configuration>
                                        <rules>
                                            <enforceBytecodeVersion>
                                                <maxJdkVersion>1.8</maxJdkVersion>
                                            </enforceBytecodeVersion>
                                        </rules>
                                    </configuration>
                                </execution>
                            </executions>
                        </plugin>
                    </plugins>
                </build>
            """),
          javaSeventeen(READ)
        );
    }

    @Test
    void parentInTheReactorPromisesForItsModules() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9", "Java 8: the default build compiles with release 8"),
          //language=xml
          pomXml(
            """
              <project>
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>parent</artifactId>
                  <version>1.0</version>
                  <packaging>pom</packaging>
                  <modules>
                      <module>bits</module>
                  </modules>
                  <properties>
                      <maven.compiler.release>8</maven.compiler.release>
                  </properties>
              </project>
              """
          ),
          //language=xml
          pomXml(
            """
              <project>
                  <modelVersion>4.0.0</modelVersion>
                  <parent>
                      <groupId>com.example</groupId>
                      <artifactId>parent</artifactId>
                      <version>1.0</version>
                  </parent>
                  <artifactId>bits</artifactId>
              </project>
              """,
            spec -> spec.path("bits/pom.xml")
          ),
          version(java(READ, spec -> spec.path("bits/src/main/java/Bits.java")), 17)
        );
    }

    @Test
    void releaseOfTheDefaultBuildIsUsedAndSaid() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement()
            .satisfies(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getRelease()).isEqualTo("Java 11: the default build compiles with release 11");
            })),
          pom("""
                <properties>
                    <maven.compiler.release>11</maven.compiler.release>
                </properties>
            """),
          javaSeventeen(READ, VIEW)
        );
    }

    @Test
    void profileActiveByDefaultIsCounted() {
        rewriteRun(
          pom("""
                <properties>
                    <maven.compiler.source>1.8</maven.compiler.source>
                </properties>
                <profiles>
                    <profile>
                        <id>eleven</id>
                        <activation>
                            <activeByDefault>true</activeByDefault>
                        </activation>
                        <properties>
                            <maven.compiler.release>11</maven.compiler.release>
                        </properties>
                    </profile>
                </profiles>
            """),
          javaSeventeen(READ, VIEW)
        );
    }

    @Test
    void lowerMarkerWinsOverAHigherPom() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9", "Java 8: its build compiles it for Java 8"),
          pom("""
                <properties>
                    <maven.compiler.release>11</maven.compiler.release>
                </properties>
            """),
          version(java(READ), 8)
        );
    }

    @Test
    void withoutAPomTheMarkerDecidesAndTheSpotIsListed() {
        rewriteRun(
          spec -> leftAloneFor(spec, "needs Java 9", "Java 8: its build compiles it for Java 8"),
          version(java(READ), 8)
        );
    }

    @Test
    void withoutAPomAJava17FileIsRewritten() {
        rewriteRun(
          javaSeventeen(READ, VIEW)
        );
    }
}
