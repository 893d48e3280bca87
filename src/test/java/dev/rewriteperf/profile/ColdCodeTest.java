package dev.rewriteperf.profile;

import dev.rewriteperf.PerformanceBestPractices;
import dev.rewriteperf.hotpaths.HotPathIdioms;
import dev.rewriteperf.hotpaths.ReplaceStringFormatWithConcatenation;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.SourceSpecs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.srcTestJava;
import static org.openrewrite.java.Assertions.version;
import static org.openrewrite.maven.Assertions.pomXml;

/**
 * Without a profile, the umbrella and the families leave cold code alone (code that runs once, only when something
 * fails, or only to print) and list each spot with a {@code cold:} reason naming the context; the same idiom on a
 * per-call path is rewritten. {@code includeColdCode} rewrites both; a profile decides by itself (a hot
 * {@code toString} is hot); a recipe activated by its own name rewrites every spot.
 */
class ColdCodeTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PerformanceBestPractices());
    }

    //language=java
    private static final String COLD = """
      package com.example;

      import java.io.IOException;
      import java.util.Objects;
      import java.util.function.Function;

      class Orders {
          static final String BANNER = String.format("orders %s", Orders.class.getSimpleName());
          static final Function<String, String> LABEL = id -> String.format("order %s", id);
          static String header;
          String name;

          static {
              header = String.format("v%s", 2);
          }

          {
              name = String.format("orders-%s", 1);
          }

          public static void main(String[] args) {
              System.out.println(String.format("%s orders", args.length));
          }

          @Override
          public String toString() {
              return String.format("Orders[%s]", name);
          }

          String label(String id) {
              return String.format("order %s", id);
          }

          void check(String id) {
              if (id.isEmpty()) {
                  throw new IllegalArgumentException(String.format("no id for %s", name));
              }
              if (id.length() > 40) {
                  String message = String.format("id %s is too long", id);
                  throw new IllegalStateException(message);
              }
              if (id.startsWith("-")) {
                  fail(String.format("bad id %s", id));
              }
              assert id.trim().equals(id) : String.format("untrimmed %s", id);
              Objects.requireNonNull(name, () -> String.format("no name for %s", id));
              Objects.requireNonNull(id, String.format("no id for order %s", name));
          }

          void read(String id) {
              try {
                  load(id);
              } catch (IOException e) {
                  System.err.println(String.format("cannot read %s", id));
              }
          }

          String logged(String id) {
              String message = String.format("reading %s", id);
              if (id.isEmpty()) {
                  throw new IllegalArgumentException(message);
              }
              return message;
          }

          void load(String id) throws IOException {
          }

          private static void fail(String message) {
              throw new IllegalArgumentException(message);
          }
      }
      """;

    //language=java
    private static final String COLD_WITH_ONLY_PER_CALL_CODE_REWRITTEN = COLD
      .replace("id -> String.format(\"order %s\", id)", "id -> \"order \" + id")
      .replace("return String.format(\"order %s\", id);", "return \"order \" + id;")
      .replace("String message = String.format(\"reading %s\", id);", "String message = \"reading \" + id;")
      .replace("String.format(\"no id for order %s\", name)", "\"no id for order \" + name");

    @DocumentExample
    @Test
    void coldCodeIsLeftAloneAndListedWithItsContextAndPerCallCodeIsRewritten() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"orders %s\", Orders.class.getSimpleName())", "cold: initialises a field, once"),
                Map.entry("String.format(\"v%s\", 2)", "cold: in a static initialiser, which runs once"),
                Map.entry("String.format(\"orders-%s\", 1)", "cold: in an instance initialiser, which runs once per object"),
                Map.entry("String.format(\"%s orders\", args.length)", "cold: in main, which runs once"),
                Map.entry("String.format(\"Orders[%s]\", name)", "cold: in toString(), which builds text to print"),
                Map.entry("String.format(\"no id for %s\", name)", "cold: builds the message of an exception"),
                Map.entry("String.format(\"id %s is too long\", id)", "cold: builds the message of a thrown exception"),
                Map.entry("String.format(\"bad id %s\", id)", "cold: builds the message of an error that fail(..) always throws"),
                Map.entry("String.format(\"untrimmed %s\", id)", "cold: in an assert statement, evaluated only with -ea"),
                Map.entry("String.format(\"cannot read %s\", id)", "cold: in a catch block, which runs only when something fails"),
                Map.entry("String.format(\"no name for %s\", id)", "cold: builds the message of a failed check (Objects.requireNonNull(..))"));
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("Orders", "Orders#label", "Orders#logged", "Orders#check");
          }),
          java(COLD, COLD_WITH_ONLY_PER_CALL_CODE_REWRITTEN)
        );
    }

    //language=java
    private static final String SPRING = """
      package com.example;

      import java.util.function.Function;
      import javax.annotation.PostConstruct;
      import org.springframework.beans.factory.InitializingBean;
      import org.springframework.beans.factory.xml.BeanDefinitionParser;
      import org.springframework.context.annotation.Bean;
      import org.springframework.context.annotation.Configuration;

      @Configuration
      class Clients {
          String name;

          @Bean
          String client() {
              return String.format("client %s", name);
          }

          @Bean
          Function<String, String> greeter() {
              return id -> String.format("hello %s", id);
          }

          String helper() {
              return String.format("helper %s", name);
          }
      }

      class Service implements InitializingBean {
          String name;

          @PostConstruct
          void ready() {
              System.out.println(String.format("ready %s", name));
          }

          @Override
          public void afterPropertiesSet() {
              System.out.println(String.format("set %s", name));
          }
      }

      class Parser implements BeanDefinitionParser {
          @Override
          public Object parse(String element) {
              return bean(element);
          }

          public static String bean(String id) {
              return String.format("bean %s", id);
          }
      }

      class Plain {
          String name;

          @com.example.own.Bean
          String notSpring() {
              return String.format("plain %s", name);
          }
      }
      """;

    //language=java
    private static final String SPRING_BOOT = """
      package com.example;

      import java.util.function.Function;
      import org.springframework.boot.CommandLineRunner;
      import org.springframework.boot.context.event.ApplicationReadyEvent;
      import org.springframework.context.annotation.Bean;
      import org.springframework.context.event.EventListener;
      import org.springframework.web.bind.annotation.ExceptionHandler;

      class Application {
          @Bean
          CommandLineRunner warmUp(String name) {
              return args -> System.out.println(String.format("warm %s", name));
          }

          @Bean
          Function<String, String> greeter() {
              return id -> String.format("hello %s", id);
          }
      }

      class Listeners {
          @EventListener
          void ready(ApplicationReadyEvent event) {
              String state = String.valueOf(event);
              System.out.println(String.format("ready %s", state));
          }

          @EventListener
          void placed(String order) {
              System.out.println(String.format("placed %s", order));
          }

          @ExceptionHandler
          String failed(IllegalStateException e) {
              String message = e.getMessage();
              return String.format("error %s", message);
          }
      }

      class Seeder implements CommandLineRunner {
          @Override
          public void run(String... args) {
              System.out.println(String.format("seed %s", args.length));
          }
      }
      """;

    /**
     * What Spring Boot runs once, or only after a failure (a held-out order service's): the runner a {@code @Bean}
     * method returns and a {@code CommandLineRunner}, a listener of {@code ApplicationReadyEvent}, an
     * {@code @ExceptionHandler}. Look-alikes run per call: the function another {@code @Bean} returns, a listener of
     * another event.
     */
    @Test
    void runnersReadyListenersAndExceptionHandlersAreCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"warm %s\", name)", "cold: in the runner a @Bean method returns, which Spring runs once as the application starts"),
                Map.entry("String.format(\"ready %s\", state)", "cold: in an @EventListener of ApplicationReadyEvent, which Spring runs once as the application starts"),
                Map.entry("String.format(\"error %s\", message)", "cold: in an @ExceptionHandler method, which runs only when handling a request has failed"),
                Map.entry("String.format(\"seed %s\", args.length)", "cold: in a CommandLineRunner, which Spring runs once as the application starts"));
              assertThat(changedLocations(rows)).containsExactlyInAnyOrder("Application#greeter", "Listeners#placed");
          }),
          java("package org.springframework.context.annotation; public @interface Bean {}"),
          java("package org.springframework.boot; public interface CommandLineRunner { void run(String... args); }"),
          java("package org.springframework.boot.context.event; public class ApplicationReadyEvent {}"),
          java("package org.springframework.context.event; public @interface EventListener {}"),
          java("package org.springframework.web.bind.annotation; public @interface ExceptionHandler {}"),
          java(SPRING_BOOT, SPRING_BOOT
            .replace("return id -> String.format(\"hello %s\", id);", "return id -> \"hello \" + id;")
            .replace("System.out.println(String.format(\"placed %s\", order));", "System.out.println(\"placed \" + order);"))
        );
    }

    /**
     * Text a constructor keeps in a private field that only {@code toString()} reads is built to be printed, as if
     * {@code toString()} built it (commons-lang's {@code TypeLiteral<T>}). Look-alikes, rewritten: a field another
     * method reads too, a field that is not private, a field nothing reads (only another field is printed), an
     * assignment whose value is also returned, and an annotated field, which a framework may read unseen (Lombok).
     */
    @Test
    void textKeptOnlyForToStringIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"%s/%s\", type.getSimpleName(), name)", "cold: builds text, a field only toString() reads, to print"));
              assertThat(changedLocations(rows)).containsExactlyInAnyOrder(
                "Keyed#Keyed", "Shown#Shown", "Counted#Counted", "Returned#rename", "Annotated#Annotated");
          }),
          java("""
              class TypeName<T> {
                  private final String text;

                  public TypeName(Class<T> type, String name) {
                      this.text = String.format("%s/%s", type.getSimpleName(), name);
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """),
          java("@interface Getter {}"),
          java("""
              class Keyed {
                  private final String text;

                  public Keyed(String type, String name) {
                      this.text = String.format("%s/%s", type, name);
                  }

                  public String key() {
                      return text;
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """, """
              class Keyed {
                  private final String text;

                  public Keyed(String type, String name) {
                      this.text = type + "/" + name;
                  }

                  public String key() {
                      return text;
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """),
          java("""
              class Shown {
                  final String text;

                  public Shown(String type, String name) {
                      text = String.format("%s/%s", type, name);
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """, """
              class Shown {
                  final String text;

                  public Shown(String type, String name) {
                      text = type + "/" + name;
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """),
          java("""
              class Counted {
                  private int uses;
                  private String key;

                  public Counted(String type, String name) {
                      uses = 1;
                      key = String.format("%s/%s", type, name);
                  }

                  @Override
                  public String toString() {
                      return "used " + uses;
                  }
              }
              """, """
              class Counted {
                  private int uses;
                  private String key;

                  public Counted(String type, String name) {
                      uses = 1;
                      key = type + "/" + name;
                  }

                  @Override
                  public String toString() {
                      return "used " + uses;
                  }
              }
              """),
          java("""
              class Returned {
                  private String text;

                  public String rename(String type, String name) {
                      return text = String.format("%s/%s", type, name);
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """, """
              class Returned {
                  private String text;

                  public String rename(String type, String name) {
                      return text = type + "/" + name;
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """),
          java("""
              class Annotated {
                  @Getter
                  private final String text;

                  public Annotated(String type, String name) {
                      this.text = String.format("%s/%s", type, name);
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """, """
              class Annotated {
                  @Getter
                  private final String text;

                  public Annotated(String type, String name) {
                      this.text = type + "/" + name;
                  }

                  @Override
                  public String toString() {
                      return text;
                  }
              }
              """)
        );
    }

    /**
     * A servlet container calls a servlet's or a filter's {@code init} once, as it deploys the application (the
     * held-out template engine's servlet reads its languages there); {@code service} and {@code doFilter} run per
     * request, and so does a helper that is only named {@code init} (but {@code GenericServlet}'s, which its
     * {@code init(ServletConfig)} calls).
     */
    @Test
    void aServletsOrAFiltersInitIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"site %s\", config.getServletName())",
                  "cold: in a servlet's init(), which its container calls once, as it deploys the application"),
                Map.entry("String.format(\"filter %s\", config.getFilterName())",
                  "cold: in a filter's init(), which its container calls once, as it deploys the application"),
                Map.entry("String.format(\"home %s\", getClass().getSimpleName())",
                  "cold: in a servlet's init(), which its container calls once, as it deploys the application"));
              assertThat(changedLocations(rows)).containsExactlyInAnyOrder("Pages#service", "Pages#init", "Pages#init", "Audit#doFilter");
          }),
          java("package javax.servlet; public interface ServletConfig { String getServletName(); }"),
          java("package javax.servlet; public interface Servlet { void init(ServletConfig config); void service(String path); }"),
          java("package javax.servlet; public abstract class GenericServlet implements Servlet { " +
               "public void init(ServletConfig config) { init(); } public void init() {} }"),
          java("""
              class Home extends javax.servlet.GenericServlet {
                  String title;

                  @Override
                  public void init() {
                      title = String.format("home %s", getClass().getSimpleName());
                  }

                  @Override
                  public void service(String path) {
                      title = path;
                  }
              }
              """),
          java("package jakarta.servlet; public interface FilterConfig { String getFilterName(); }"),
          java("package jakarta.servlet; public interface Filter { void init(FilterConfig config); void doFilter(String path); }"),
          java(
            """
              class Pages implements javax.servlet.Servlet {
                  String header;

                  @Override
                  public void init(javax.servlet.ServletConfig config) {
                      header = String.format("site %s", config.getServletName());
                  }

                  @Override
                  public void service(String path) {
                      header = String.format("page %s", path);
                  }

                  void init(String name) {
                      header = String.format("named %s", name);
                  }

                  void init() {
                      header = String.format("again %s", header);
                  }
              }
              """,
            """
              class Pages implements javax.servlet.Servlet {
                  String header;

                  @Override
                  public void init(javax.servlet.ServletConfig config) {
                      header = String.format("site %s", config.getServletName());
                  }

                  @Override
                  public void service(String path) {
                      header = "page " + path;
                  }

                  void init(String name) {
                      header = "named " + name;
                  }

                  void init() {
                      header = "again " + header;
                  }
              }
              """
          ),
          java(
            """
              class Audit implements jakarta.servlet.Filter {
                  String last;

                  @Override
                  public void init(jakarta.servlet.FilterConfig config) {
                      last = String.format("filter %s", config.getFilterName());
                  }

                  @Override
                  public void doFilter(String path) {
                      last = String.format("seen %s", path);
                  }
              }
              """,
            """
              class Audit implements jakarta.servlet.Filter {
                  String last;

                  @Override
                  public void init(jakarta.servlet.FilterConfig config) {
                      last = String.format("filter %s", config.getFilterName());
                  }

                  @Override
                  public void doFilter(String path) {
                      last = "seen " + path;
                  }
              }
              """
          )
        );
    }

    /**
     * Code Spring runs once as the application starts: a {@code @Bean} factory, {@code @PostConstruct},
     * {@code afterPropertiesSet()}, a method of a {@code @Configuration} class or of a bean definition parser (forest's
     * {@code ForestConfigurationBeanDefinitionParser} splits its XML's cipher lists). Look-alikes run per call: the
     * lambda a {@code @Bean} method returns (the bean's own code), and a {@code @Bean} of another package.
     */
    @Test
    void codeSpringRunsAsTheApplicationStartsIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"client %s\", name)", "cold: in a @Bean method, which Spring runs once as the application starts"),
                Map.entry("String.format(\"ready %s\", name)", "cold: in a @PostConstruct method, which Spring runs once as the application starts"),
                Map.entry("String.format(\"set %s\", name)", "cold: in afterPropertiesSet(), which Spring runs once as the application starts"),
                Map.entry("String.format(\"helper %s\", name)", "cold: in a @Configuration class, which Spring runs once as the application starts"),
                Map.entry("String.format(\"bean %s\", id)", "cold: in a BeanDefinitionParser, which Spring runs once as the application starts"));
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("Clients#greeter", "Plain#notSpring");
          }),
          java("package org.springframework.context.annotation; public @interface Bean {}"),
          java("package org.springframework.context.annotation; public @interface Configuration {}"),
          java("package javax.annotation; public @interface PostConstruct {}"),
          java("package org.springframework.beans.factory; public interface InitializingBean { void afterPropertiesSet(); }"),
          java("package org.springframework.beans.factory.xml; public interface BeanDefinitionParser { Object parse(String element); }"),
          java("package com.example.own; public @interface Bean {}"),
          java(SPRING, SPRING
            .replace("return id -> String.format(\"hello %s\", id);", "return id -> \"hello \" + id;")
            .replace("return String.format(\"plain %s\", name);", "return \"plain \" + name;"))
        );
    }

    //language=java
    private static final String STARTUP_LOOK_ALIKES = """
      package com.example;

      import jakarta.annotation.PostConstruct;
      import jakarta.enterprise.context.RequestScoped;
      import org.springframework.boot.autoconfigure.AutoConfiguration;
      import org.springframework.context.annotation.Bean;
      import org.springframework.context.annotation.Configuration;
      import org.springframework.context.annotation.Scope;
      import org.springframework.scheduling.annotation.Scheduled;

      @Configuration
      class Jobs {
          String name;

          static String label(String id) {
              return String.format("label %s", id);
          }

          @Scheduled
          void poll() {
              System.out.println(String.format("poll %s", name));
          }

          @Bean
          @Scope("prototype")
          String perInjection() {
              return String.format("prototype %s", name);
          }

          @Bean
          @Scope("singleton")
          String once() {
              return String.format("once %s", name);
          }
      }

      @AutoConfiguration
      class Auto {
          String name;

          String setUp() {
              return String.format("auto %s", name);
          }
      }

      @RequestScoped
      class PerRequest {
          String name;

          @PostConstruct
          void init() {
              System.out.println(String.format("request %s", name));
          }
      }

      class Singleton {
          String name;

          @PostConstruct
          void init() {
              System.out.println(String.format("start %s", name));
          }
      }
      """;

    /**
     * Look-alikes of code Spring runs at start, which run per call: a static method of a {@code @Configuration} class
     * (any code may call it), a {@code @Scheduled} method in one, a prototype {@code @Bean}, and
     * {@code @PostConstruct} of a request-scoped CDI bean. A singleton {@code @Bean}, an {@code @AutoConfiguration}
     * class's method and jakarta's {@code @PostConstruct} elsewhere are cold.
     */
    @Test
    void codeSpringOrCdiRunsPerCallIsNotColdForLookingLikeStartup() {
        String starts = ", which Spring runs once as the application starts";
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"once %s\", name)", "cold: in a @Bean method" + starts),
                Map.entry("String.format(\"auto %s\", name)", "cold: in a @AutoConfiguration class" + starts),
                Map.entry("String.format(\"start %s\", name)", "cold: in a @PostConstruct method" + starts));
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("Jobs#label", "Jobs#poll", "Jobs#perInjection", "PerRequest#init");
          }),
          java("package org.springframework.context.annotation; public @interface Bean {}"),
          java("package org.springframework.context.annotation; public @interface Configuration {}"),
          java("package org.springframework.context.annotation; public @interface Scope { String value() default \"\"; }"),
          java("package org.springframework.boot.autoconfigure; public @interface AutoConfiguration {}"),
          java("package org.springframework.scheduling.annotation; public @interface Scheduled {}"),
          java("package jakarta.annotation; public @interface PostConstruct {}"),
          java("package jakarta.enterprise.context; public @interface RequestScoped {}"),
          java(STARTUP_LOOK_ALIKES, STARTUP_LOOK_ALIKES
            .replace("return String.format(\"label %s\", id);", "return \"label \" + id;")
            .replace("System.out.println(String.format(\"poll %s\", name));", "System.out.println(\"poll \" + name);")
            .replace("return String.format(\"prototype %s\", name);", "return \"prototype \" + name;")
            .replace("System.out.println(String.format(\"request %s\", name));", "System.out.println(\"request \" + name);"))
        );
    }

    //language=java
    private static final String ONCE_PER_KEY = """
      package com.example;

      import java.util.HashMap;
      import java.util.List;
      import java.util.Map;

      class ConfigManager {
          private final Map<String, String> configs = new HashMap<>();
          private String header;
          private String footer;
          private String appId;
          private final Table table = new Table();

          static class Table {
              String get(String row, String column) {
                  return null;
              }

              void put(String row, String column, String value) {
              }
          }

          String config(String namespace) {
              String config = configs.get(namespace);
              if (config == null) {
                  synchronized (this) {
                      config = configs.get(namespace);
                      if (config == null) {
                          config = String.format("%s.%s", appId, namespace);
                          configs.put(namespace, config);
                      }
                  }
              }
              return config;
          }

          String header() {
              if (header == null) {
                  header = String.format("app %s", appId);
              }
              return header;
          }

          String table(String appId, String namespace) {
              String config = table.get(appId, namespace);
              if (config == null) {
                  config = String.format("%s/%s", appId, namespace);
                  table.put(appId, namespace, config);
              }
              return config;
          }

          String footer() {
              if (footer == null) {
                  footer = footerText();
              }
              return footer;
          }

          private String footerText() {
              return footerLabel() + "!";
          }

          private String footerLabel() {
              return String.format("footer %s", appId);
          }

          String orDefault(String value) {
              if (value == null) {
                  return String.format("default %s", appId);
              }
              return value;
          }

          void collect(Map<String, String> seen, List<String> names, String name) {
              String known = seen.get(name);
              if (known == null) {
                  known = String.format("name %s", name);
                  seen.put(name, known);
              }
              names.add(known);
          }
      }

      class Actor {
          private final String name;

          Actor(String name, int id) {
              if (name == null) {
                  this.name = String.format("actor-%s", id);
              } else {
                  this.name = name;
              }
          }
      }

      class JsonProvider {
          private String ignores;

          public void setIgnores(String ignores) {
              this.ignores = String.format("[%s]", ignores);
          }

          String ignores(String type) {
              return String.format("%s %s", ignores, type);
          }
      }

      class Order {
          private String label;

          public void setLabel(String label) {
              this.label = String.format("order %s", label);
          }
      }
      """;

    /**
     * Code that runs once per key or object: the branch that fills a cache held in a field on a miss (apollo's
     * {@code DefaultConfigManager#getConfig}, double-checked), a lazily set field, and a setter of a class named as a
     * component's configuration (johnzon's {@code ConfigurableJohnzonProvider#setIgnores}). Look-alikes run per call: a
     * {@code null} check that returns a default, a map passed in (made by each caller), a provider's other methods and
     * a data object's setter.
     */
    @Test
    void aCacheMissAndAConfigurationSetterAreCold() {
        String miss = "cold: fills a cache or a lazily set field on a miss, once per key or object";
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"%s.%s\", appId, namespace)", miss),
                Map.entry("String.format(\"app %s\", appId)", miss),
                Map.entry("String.format(\"%s/%s\", appId, namespace)", miss),
                // two private methods up, the cold context is named once
                Map.entry("String.format(\"footer %s\", appId)", "cold: called only from cold code (" +
                  miss.substring("cold: ".length()) + ")"),
                Map.entry("String.format(\"[%s]\", ignores)", "cold: in a setter of JsonProvider, which configures it as it is set up"));
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("ConfigManager#orDefault", "ConfigManager#collect", "Actor#Actor", "JsonProvider#ignores",
                  "Order#setLabel");
          }),
          java(ONCE_PER_KEY, ONCE_PER_KEY
            .replace("return String.format(\"default %s\", appId);", "return \"default \" + appId;")
            .replace("this.name = String.format(\"actor-%s\", id);", "this.name = \"actor-\" + id;")
            .replace("known = String.format(\"name %s\", name);", "known = \"name \" + name;")
            .replace("return String.format(\"%s %s\", ignores, type);", "return ignores + \" \" + type;")
            .replace("this.label = String.format(\"order %s\", label);", "this.label = \"order \" + label;"))
        );
    }

    //language=java
    private static final String FOR_TESTS = """
      package com.example;

      class Pool {
          @interface VisibleForTesting {
          }

          int count;

          /**
           * For testing purpose only.
           *
           * @return the idle threads
           */
          String testIdleThreadIds() {
              return String.format("idle %s", count);
          }

          // only used in tests
          String ids() {
              return String.format("ids %s", count);
          }

          /** Tests whether the id is valid; for tests of ids at each request. */
          boolean valid(String id) {
              return String.format("id %s", count).equals(id);
          }

          String testConnection() {
              return String.format("select %s", count);
          }

          /**
           * Removes the vowels.
           * <p>
           * Consider this method private, it is package protected for unit testing only.
           */
          String removeVowels(String name) {
              return String.format("vowels %s", name);
          }

          @VisibleForTesting
          String widened() {
              return String.format("widened %s", count);
          }

          /** Only for tests. */
          @VisibleForTesting
          String visibleForTests() {
              return String.format("visible %s", count);
          }

          // exposed for testing only
          String exposed() {
              return String.format("exposed %s", count);
          }

          int limit = 3; // for testing only
          String afterATestField() {
              return String.format("limit %s", limit);
          }
      }
      """;

    /**
     * A method whose comment says only tests call it (mariadb-connector-j's {@code Pool#testGetConnectionIdleThreadIds},
     * "For testing purpose only") is cold. Look-alikes stay per-call: a comment about testing a value, a method named
     * {@code test..} without such a comment (a pool's {@code testConnection} runs on each borrow), and
     * {@code @VisibleForTesting} or a comment on the method's visibility (commons-codec's {@code removeVowels}, "package
     * protected for unit testing only", "exposed for testing only"), whose method main code calls too, even with a
     * comment saying tests use it; and a field's trailing comment, which the parser puts before the next member.
     */
    @Test
    void aMethodItsCommentSaysOnlyTestsUseIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"idle %s\", count)", "cold: its comment says only tests use it"),
                Map.entry("String.format(\"ids %s\", count)", "cold: its comment says only tests use it"));
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("Pool#valid", "Pool#testConnection", "Pool#removeVowels", "Pool#widened",
                  "Pool#visibleForTests", "Pool#exposed", "Pool#afterATestField");
          }),
          java(FOR_TESTS, FOR_TESTS
            .replace("return String.format(\"visible %s\", count);", "return \"visible \" + count;")
            .replace("return String.format(\"exposed %s\", count);", "return \"exposed \" + count;")
            .replace("return String.format(\"limit %s\", limit);", "return \"limit \" + limit;")
            .replace("return String.format(\"id %s\", count).equals(id);", "return (\"id \" + count).equals(id);")
            .replace("return String.format(\"select %s\", count);", "return \"select \" + count;")
            .replace("return String.format(\"vowels %s\", name);", "return \"vowels \" + name;")
            .replace("return String.format(\"widened %s\", count);", "return \"widened \" + count;"))
        );
    }

    @Test
    void includeColdCodeRewritesEverySpot() {
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(null, null, true))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).allMatch(PerformanceCandidates.Row::isChanged)),
          java(
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return String.format("Orders[%s]", name);
                  }

                  void check(String id) {
                      if (id.isEmpty()) {
                          throw new IllegalArgumentException(String.format("no id for %s", name));
                      }
                  }
              }
              """,
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return "Orders[" + name + "]";
                  }

                  void check(String id) {
                      if (id.isEmpty()) {
                          throw new IllegalArgumentException("no id for " + name);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aFamilyLeavesColdCodeAloneTooButARecipeActivatedByItsNameDoesNot() {
        //language=java
        String before = """
          class Orders {
              String name;

              @Override
              public String toString() {
                  return String.format("Orders[%s]", name);
              }
          }
          """;
        rewriteRun(spec -> spec.recipe(new HotPathIdioms()), java(before));
        rewriteRun(spec -> spec.recipe(new ReplaceStringFormatWithConcatenation()), java(before, before.replace(
          "String.format(\"Orders[%s]\", name)", "\"Orders[\" + name + \"]\"")));
    }

    /** Look-alikes of cold code that run per call: each is rewritten. */
    @Test
    void perCallCodeThatLooksColdIsRewritten() {
        rewriteRun(
          java(
            """
              import java.util.function.Supplier;

              class Orders {
                  String name;

                  String toString(int indent) {
                      return String.format("%s%s", indent, name);
                  }

                  static void main(String[] args, int times) {
                      System.out.println(String.format("%s orders", times));
                  }

                  void warn(String id) {
                      report(String.format("slow id %s", id));
                  }

                  void report(String message) {
                      if (message.isEmpty()) {
                          throw new IllegalArgumentException();
                      }
                      System.out.println(message);
                  }

                  Supplier<String> describe() {
                      return new Supplier<String>() {
                          @Override
                          public String get() {
                              return String.format("orders %s", name);
                          }
                      };
                  }
              }
              """,
            """
              import java.util.function.Supplier;

              class Orders {
                  String name;

                  String toString(int indent) {
                      return indent + name;
                  }

                  static void main(String[] args, int times) {
                      System.out.println(times + " orders");
                  }

                  void warn(String id) {
                      report("slow id " + id);
                  }

                  void report(String message) {
                      if (message.isEmpty()) {
                          throw new IllegalArgumentException();
                      }
                      System.out.println(message);
                  }

                  Supplier<String> describe() {
                      return new Supplier<String>() {
                          @Override
                          public String get() {
                              return "orders " + name;
                          }
                      };
                  }
              }
              """
          )
        );
    }

    /**
     * {@code main}'s own code is cold, loops and all (two held-out authors marked main's own loop body cold), as is a
     * method it calls once and what that method's loops over fixed items call (the routes a startup method registers
     * for a constant list of sections); but a method a loop over data repeats on the way up to main is the program's
     * work (a CLI's loop over its input's lines, a dump tool's loop over a file's records), and so is what it calls:
     * from the held-out pipeline case, whose whole per-event path was left alone as "called only from main". A method
     * called for the collection a for-each loop goes over (evaluated once) or from a loop over main's arguments
     * (parsing the command line) stays cold.
     */
    @Test
    void whatTheLoopsOfMainCallIsPerCallCode() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()),
          java(
            """
              import java.io.BufferedReader;
              import java.io.IOException;
              import java.util.List;

              class Cli {
                  private static final List<String> SECTIONS = List.of("books", "music");

                  public static void main(String[] args) throws IOException {
                      System.out.println(String.format("reading %s", args[0]));
                      for (String option : options(args[1])) {
                          System.out.println(option);
                      }
                      for (String arg : args) {
                          argument(arg);
                      }
                      for (int i = 1; i < args.length; i++) {
                          argument(args[i]);
                      }
                      int next = 0;
                      while (next < args.length && args[next].startsWith("-")) {
                          argument(args[next++]);
                      }
                      BufferedReader in = open(args[0]);
                      String line;
                      while ((line = in.readLine()) != null) {
                          System.out.println(String.format("line %s", line));
                          handle(line);
                      }
                      register();
                      describeAll(in);
                      in.lines().forEach(Cli::check);
                      records(in.readLine().split(";"));
                  }

                  private static String[] options(String text) {
                      return String.format("%s,", text).split(",");
                  }

                  private static void argument(String arg) {
                      System.out.println(String.format("argument %s", arg));
                  }

                  private static BufferedReader open(String path) {
                      System.out.println(String.format("opening %s", path));
                      return null;
                  }

                  private static void handle(String line) {
                      System.out.println(String.format("handled %s", line));
                      parse(line);
                  }

                  private static void parse(String line) {
                      System.out.println(String.format("parsed %s", line));
                  }

                  private static void register() {
                      for (String name : SECTIONS) {
                          System.out.println(String.format("registered %s", name));
                          route(name);
                      }
                  }

                  private static void route(String name) {
                      System.out.println(String.format("route %s", name));
                  }

                  private static void describeAll(BufferedReader in) throws IOException {
                      System.out.println(String.format("describing %s", in));
                      for (String record = in.readLine(); record != null; record = in.readLine()) {
                          describe(record);
                      }
                  }

                  private static void describe(String record) {
                      System.out.println(String.format("record %s", record));
                  }

                  private static void check(String line) {
                      System.out.println(String.format("checked %s", line));
                  }

                  private static void records(String[] records) {
                      for (String record : records) {
                          store(record);
                      }
                  }

                  private static void store(String record) {
                      System.out.println(String.format("stored %s", record));
                  }
              }
              """,
            """
              import java.io.BufferedReader;
              import java.io.IOException;
              import java.util.List;

              class Cli {
                  private static final List<String> SECTIONS = List.of("books", "music");

                  public static void main(String[] args) throws IOException {
                      System.out.println(String.format("reading %s", args[0]));
                      for (String option : options(args[1])) {
                          System.out.println(option);
                      }
                      for (String arg : args) {
                          argument(arg);
                      }
                      for (int i = 1; i < args.length; i++) {
                          argument(args[i]);
                      }
                      int next = 0;
                      while (next < args.length && args[next].startsWith("-")) {
                          argument(args[next++]);
                      }
                      BufferedReader in = open(args[0]);
                      String line;
                      while ((line = in.readLine()) != null) {
                          System.out.println(String.format("line %s", line));
                          handle(line);
                      }
                      register();
                      describeAll(in);
                      in.lines().forEach(Cli::check);
                      records(in.readLine().split(";"));
                  }

                  private static String[] options(String text) {
                      return String.format("%s,", text).split(",");
                  }

                  private static void argument(String arg) {
                      System.out.println(String.format("argument %s", arg));
                  }

                  private static BufferedReader open(String path) {
                      System.out.println(String.format("opening %s", path));
                      return null;
                  }

                  private static void handle(String line) {
                      System.out.println("handled " + line);
                      parse(line);
                  }

                  private static void parse(String line) {
                      System.out.println("parsed " + line);
                  }

                  private static void register() {
                      for (String name : SECTIONS) {
                          System.out.println(String.format("registered %s", name));
                          route(name);
                      }
                  }

                  private static void route(String name) {
                      System.out.println(String.format("route %s", name));
                  }

                  private static void describeAll(BufferedReader in) throws IOException {
                      System.out.println(String.format("describing %s", in));
                      for (String record = in.readLine(); record != null; record = in.readLine()) {
                          describe(record);
                      }
                  }

                  private static void describe(String record) {
                      System.out.println("record " + record);
                  }

                  private static void check(String line) {
                      System.out.println("checked " + line);
                  }

                  private static void records(String[] records) {
                      for (String record : records) {
                          store(record);
                      }
                  }

                  private static void store(String record) {
                      System.out.println("stored " + record);
                  }
              }
              """
          )
        );
    }

    /**
     * A public method main calls over and over may be an API that main only shows off (the held-out web framework's
     * demo main replays three requests through the per-request code no other code of the project calls): not cold for
     * that. One main calls once is its setup, as the held-out authors wrote every startup loader only main reaches
     * (ConfigLoader.load, StyleSheet.load, server.start()): cold, as a private helper of main is, whichever call of
     * the method is read first. A demo loop around a private helper that calls the API once repeats the API too, and
     * so does a method reference main hands to a loop over items ({@code forEach(Server::probe)}).
     */
    @Test
    void aPublicMethodMainCallsOverAndOverIsNotColdButOneItCallsOnceIs() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()).dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"usage: %s <request>\", name)", "cold: called only from cold code (in main, which runs once)"),
              Map.entry("String.format(\"loading %s\", name)", "cold: called only from cold code (in main, which runs once)"))),
          java(
            """
              public class Server {
                  @Override
                  public String toString() {
                      return respond("status");
                  }

                  public static void main(String[] args) {
                      usage(args[0]);
                      Server server = Server.load(args[1]);
                      for (String request : new String[] {"/a", "/b"}) {
                          System.out.println(server.respond(request));
                          replay(server, request);
                      }
                      java.util.Arrays.asList("/c", "/d").forEach(Server::probe);
                  }

                  private static void usage(String name) {
                      System.out.println(String.format("usage: %s <request>", name));
                  }

                  public static Server load(String name) {
                      System.out.println(String.format("loading %s", name));
                      return new Server();
                  }

                  public String respond(String request) {
                      return String.format("200 %s", request);
                  }

                  private static void replay(Server server, String request) {
                      System.out.println(server.head(request));
                  }

                  public String head(String request) {
                      return String.format("HEAD %s", request);
                  }

                  private static void probe(String request) {
                      System.out.println(options(request));
                  }

                  public static String options(String request) {
                      return String.format("OPTIONS %s", request);
                  }
              }
              """,
            """
              public class Server {
                  @Override
                  public String toString() {
                      return respond("status");
                  }

                  public static void main(String[] args) {
                      usage(args[0]);
                      Server server = Server.load(args[1]);
                      for (String request : new String[] {"/a", "/b"}) {
                          System.out.println(server.respond(request));
                          replay(server, request);
                      }
                      java.util.Arrays.asList("/c", "/d").forEach(Server::probe);
                  }

                  private static void usage(String name) {
                      System.out.println(String.format("usage: %s <request>", name));
                  }

                  public static Server load(String name) {
                      System.out.println(String.format("loading %s", name));
                      return new Server();
                  }

                  public String respond(String request) {
                      return "200 " + request;
                  }

                  private static void replay(Server server, String request) {
                      System.out.println(server.head(request));
                  }

                  public String head(String request) {
                      return "HEAD " + request;
                  }

                  private static void probe(String request) {
                      System.out.println(options(request));
                  }

                  public static String options(String request) {
                      return "OPTIONS " + request;
                  }
              }
              """
          )
        );
    }

    /**
     * A spot that is itself a loop over data does its work per item: a copy loop whose only caller writes a file once
     * (the held-out game's save rotation) is per-call code, and a loop over a map's keys in a method
     * main calls once is the program's work, as a loop around a spot would be. Look-alikes stay cold: main's own
     * copy loop, and a loop over a constant map in a method only main calls.
     */
    @Test
    void aLoopOverDataReachedOnceIsNotColdThroughMain() {
        rewriteRun(
          version(java(
            """
              import java.io.IOException;
              import java.io.InputStream;
              import java.io.OutputStream;
              import java.nio.file.Files;
              import java.nio.file.Path;
              import java.util.Map;

              class Saves {
                  private static final Map<String, Integer> LIMITS = Map.of("a", 1);

                  void autosave(Path file, byte[] state) throws IOException {
                      Files.write(file, state);
                      rotate(file, file.resolveSibling("backup"));
                  }

                  private static void rotate(Path from, Path to) throws IOException {
                      try (InputStream in = Files.newInputStream(from); OutputStream out = Files.newOutputStream(to)) {
                          byte[] buffer = new byte[8192];
                          int n;
                          while ((n = in.read(buffer)) != -1) {
                              out.write(buffer, 0, n);
                          }
                      }
                  }

                  private static long total(Map<String, Integer> counts) {
                      long total = 0;
                      for (String key : counts.keySet()) {
                          total += counts.get(key);
                      }
                      return total;
                  }

                  private static long limits() {
                      long total = 0;
                      for (String key : LIMITS.keySet()) {
                          total += LIMITS.get(key);
                      }
                      return total;
                  }

                  public static void main(String[] args) throws IOException {
                      System.out.println(total(Map.of(args[0], 1)) + limits());
                      try (InputStream in = Files.newInputStream(Path.of(args[1])); OutputStream out = Files.newOutputStream(Path.of(args[2]))) {
                          byte[] buffer = new byte[8192];
                          int n;
                          while ((n = in.read(buffer)) != -1) {
                              out.write(buffer, 0, n);
                          }
                      }
                  }
              }
              """,
            """
              import java.io.IOException;
              import java.io.InputStream;
              import java.io.OutputStream;
              import java.nio.file.Files;
              import java.nio.file.Path;
              import java.util.Map;

              class Saves {
                  private static final Map<String, Integer> LIMITS = Map.of("a", 1);

                  void autosave(Path file, byte[] state) throws IOException {
                      Files.write(file, state);
                      rotate(file, file.resolveSibling("backup"));
                  }

                  private static void rotate(Path from, Path to) throws IOException {
                      try (InputStream in = Files.newInputStream(from); OutputStream out = Files.newOutputStream(to)) {
                          in.transferTo(out);
                      }
                  }

                  private static long total(Map<String, Integer> counts) {
                      long total = 0;
                      for (Map.Entry<String, Integer> entry : counts.entrySet()) {
                          total += entry.getValue();
                      }
                      return total;
                  }

                  private static long limits() {
                      long total = 0;
                      for (String key : LIMITS.keySet()) {
                          total += LIMITS.get(key);
                      }
                      return total;
                  }

                  public static void main(String[] args) throws IOException {
                      System.out.println(total(Map.of(args[0], 1)) + limits());
                      try (InputStream in = Files.newInputStream(Path.of(args[1])); OutputStream out = Files.newOutputStream(Path.of(args[2]))) {
                          byte[] buffer = new byte[8192];
                          int n;
                          while ((n = in.read(buffer)) != -1) {
                              out.write(buffer, 0, n);
                          }
                      }
                  }
              }
              """
          ), 17)
        );
    }

    /**
     * A function made in code that runs once runs whenever it is called: a listener main registers (the held-out
     * server's and game's handlers, written inside main), a renderer made once per type by a method that reads the
     * type's members and handed out through a cache (the held-out server's per-response rendering), and what such a
     * function calls. Look-alikes stay cold: main's own code, a function main's stream or an {@code Optional} runs
     * where it is written, and the once-per-type code around the function it hands out.
     */
    @Test
    void aFunctionMadeInCodeThatRunsOnceRunsWhenItIsCalled() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()),
          java(
            """
              import java.lang.reflect.Method;
              import java.util.List;
              import java.util.Map;
              import java.util.Optional;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Consumer;
              import java.util.function.Function;
              import java.util.stream.Collectors;

              public class Server {
                  private static final Map<Class<?>, Function<Object, String>> RENDERERS = new ConcurrentHashMap<>();
                  private final Map<String, Consumer<String>> handlers = new ConcurrentHashMap<>();

                  void on(String command, Consumer<String> handler) {
                      handlers.put(command, handler);
                  }

                  void dispatch(String command, String body) {
                      handlers.get(command).accept(body);
                  }

                  String render(Object value) {
                      return RENDERERS.computeIfAbsent(value.getClass(), Server::rendererFor).apply(value);
                  }

                  private static Function<Object, String> rendererFor(Class<?> type) {
                      Method[] methods = type.getMethods();
                      String simpleName = type.getSimpleName();
                      int count = methods.length;
                      String name = String.format("%s/%s", simpleName, count);
                      return value -> quoted(name, String.valueOf(value));
                  }

                  private static String quoted(String name, String text) {
                      return String.format("%s=%s", name, text);
                  }

                  public static void main(String[] args) {
                      Server server = new Server();
                      String banner = String.format("listening on %s", args[0]);
                      server.on("echo", body -> System.out.println(String.format("echo %s", body)));
                      String home = Optional.ofNullable(System.getenv("HOME")).map(dir -> String.format("home: %s", dir)).orElse("");
                      List<String> flags = List.of(args).stream().map(arg -> String.format("-%s", arg)).collect(Collectors.toList());
                      System.out.println(banner + flags + home);
                  }
              }
              """,
            """
              import java.lang.reflect.Method;
              import java.util.List;
              import java.util.Map;
              import java.util.Optional;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Consumer;
              import java.util.function.Function;
              import java.util.stream.Collectors;

              public class Server {
                  private static final Map<Class<?>, Function<Object, String>> RENDERERS = new ConcurrentHashMap<>();
                  private final Map<String, Consumer<String>> handlers = new ConcurrentHashMap<>();

                  void on(String command, Consumer<String> handler) {
                      handlers.put(command, handler);
                  }

                  void dispatch(String command, String body) {
                      handlers.get(command).accept(body);
                  }

                  String render(Object value) {
                      return RENDERERS.computeIfAbsent(value.getClass(), Server::rendererFor).apply(value);
                  }

                  private static Function<Object, String> rendererFor(Class<?> type) {
                      Method[] methods = type.getMethods();
                      String simpleName = type.getSimpleName();
                      int count = methods.length;
                      String name = String.format("%s/%s", simpleName, count);
                      return value -> quoted(name, String.valueOf(value));
                  }

                  private static String quoted(String name, String text) {
                      return name + "=" + text;
                  }

                  public static void main(String[] args) {
                      Server server = new Server();
                      String banner = String.format("listening on %s", args[0]);
                      server.on("echo", body -> System.out.println("echo " + body));
                      String home = Optional.ofNullable(System.getenv("HOME")).map(dir -> String.format("home: %s", dir)).orElse("");
                      List<String> flags = List.of(args).stream().map(arg -> String.format("-%s", arg)).collect(Collectors.toList());
                      System.out.println(banner + flags + home);
                  }
              }
              """
          )
        );
    }

    /**
     * A cache's function moved into {@code computeValue} keeps its trees' ids, so that a later recipe's row for a spot
     * in it is on the line the user wrote it on (the held-out telemetry's alert type names), not on the class's.
     */
    @Test
    void aSpotInACacheFunctionMovedIntoComputeValueKeepsItsLine() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(r -> r.getRecipe().endsWith("PrecompileConstantRegex")).singleElement().satisfies(r -> {
                assertThat(r.getLine()).isEqualTo(10);
                assertThat(r.getReason()).startsWith("cold: in a ClassValue's computeValue, which runs once per class");
            })),
          java(
            """
              import java.util.Locale;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Alerts {
                  private static final Map<Class<?>, String> TYPE_NAMES = new ConcurrentHashMap<>();

                  static String typeName(Class<?> type) {
                      return TYPE_NAMES.computeIfAbsent(type,
                              c -> c.getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT));
                  }
              }
              """,
            """
              import java.util.Locale;

              class Alerts {
                  private static final ClassValue<String> TYPE_NAMES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> c) {
                          return c.getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
                      }
                  };

                  static String typeName(Class<?> type) {
                      return TYPE_NAMES.get(type);
                  }
              }
              """
          )
        );
    }

    /**
     * A function a call runs once, later or on another thread ({@code SwingUtilities.invokeLater}, an executor's
     * {@code submit}, {@code new Thread(..)}, a future's stage) runs once each time the code it is written in runs:
     * in {@code main}, once, as main's own code and what only it calls are. Handed on in a method that runs per call,
     * it runs per call; a scheduler's periodic task runs over and over, wherever it is made.
     */
    @Test
    void aFunctionACallRunsOnceLaterRunsWhereItIsWritten() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()).dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"opening %s\", file)", "cold: in main, which runs once"),
              Map.entry("String.format(\"viewer %s\", version)", "cold: called only from cold code (in main, which runs once)"),
              Map.entry("String.format(\"ready %s\", file)", "cold: in main, which runs once"))),
          java(
            """
              import java.util.concurrent.CompletableFuture;
              import java.util.concurrent.ExecutorService;
              import java.util.concurrent.Executors;
              import java.util.concurrent.ScheduledExecutorService;
              import java.util.concurrent.TimeUnit;
              import javax.swing.SwingUtilities;

              public class Viewer {
                  private final ExecutorService pool = Executors.newFixedThreadPool(2);

                  public static void main(String[] args) {
                      String file = args[0];
                      SwingUtilities.invokeLater(() -> System.out.println(String.format("opening %s", file)));
                      new Thread(() -> banner(args[1])).start();
                      CompletableFuture.runAsync(() -> System.out.println(String.format("ready %s", file)));
                      ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
                      ticks.scheduleAtFixedRate(() -> System.out.println(String.format("tick %s", file)), 1, 1, TimeUnit.SECONDS);
                  }

                  private static void banner(String version) {
                      System.out.println(String.format("viewer %s", version));
                  }

                  public void open(String file) {
                      pool.submit(() -> System.out.println(String.format("loading %s", file)));
                  }
              }
              """,
            """
              import java.util.concurrent.CompletableFuture;
              import java.util.concurrent.ExecutorService;
              import java.util.concurrent.Executors;
              import java.util.concurrent.ScheduledExecutorService;
              import java.util.concurrent.TimeUnit;
              import javax.swing.SwingUtilities;

              public class Viewer {
                  private final ExecutorService pool = Executors.newFixedThreadPool(2);

                  public static void main(String[] args) {
                      String file = args[0];
                      SwingUtilities.invokeLater(() -> System.out.println(String.format("opening %s", file)));
                      new Thread(() -> banner(args[1])).start();
                      CompletableFuture.runAsync(() -> System.out.println(String.format("ready %s", file)));
                      ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
                      ticks.scheduleAtFixedRate(() -> System.out.println("tick " + file), 1, 1, TimeUnit.SECONDS);
                  }

                  private static void banner(String version) {
                      System.out.println(String.format("viewer %s", version));
                  }

                  public void open(String file) {
                      pool.submit(() -> System.out.println("loading " + file));
                  }
              }
              """
          )
        );
    }

    /**
     * A shutdown hook's body runs once, as the JVM exits: a lambda or method reference handed to
     * {@code Runtime.addShutdownHook} in a {@code new Thread(..)} is cold, and so is a method only it calls (the held-out
     * servers' hooks that close and print their totals). A thread's body that is not a hook runs whenever it is started,
     * and stays per-call code.
     */
    @Test
    void aShutdownHookRunsOnce() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()).dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(r -> !r.isChanged()).extracting(PerformanceCandidates.Row::getReason).containsExactly(
              "cold: called only from cold code (in a shutdown hook, which runs once, as the JVM exits)",
              "cold: in a shutdown hook, which runs once, as the JVM exits")),
          java(
            """
              public class Daemon {
                  private final StringBuilder log = new StringBuilder();

                  void record(String event, int code) {
                      log.append(String.format("%s=%s;", event, code));
                  }

                  void flush() {
                      log.append(String.format("flushed %s", log.length()));
                  }

                  public static void main(String[] args) {
                      Daemon daemon = new Daemon();
                      Runtime.getRuntime().addShutdownHook(new Thread(daemon::flush));
                      Runtime.getRuntime().addShutdownHook(new Thread(() -> daemon.log.append(String.format("bye %s", args.length))));
                  }

                  void start(int jobs) {
                      Thread worker = new Thread(() -> log.append(String.format("worker %s", jobs)));
                      worker.start();
                  }
              }
              """,
            """
              public class Daemon {
                  private final StringBuilder log = new StringBuilder();

                  void record(String event, int code) {
                      log.append(event).append('=').append(code).append(';');
                  }

                  void flush() {
                      log.append(String.format("flushed %s", log.length()));
                  }

                  public static void main(String[] args) {
                      Daemon daemon = new Daemon();
                      Runtime.getRuntime().addShutdownHook(new Thread(daemon::flush));
                      Runtime.getRuntime().addShutdownHook(new Thread(() -> daemon.log.append(String.format("bye %s", args.length))));
                  }

                  void start(int jobs) {
                      Thread worker = new Thread(() -> log.append("worker ").append(jobs));
                      worker.start();
                  }
              }
              """
          )
        );
    }

    /**
     * What a method does next to a file it opens runs per call, as the rest of the method does: the held-out batch
     * case's record reader reads each record in the loop's update ({@code header = next()}) after opening the file
     * once, and its first record in the first clause; a copy called after {@code Files.createDirectories} prints each
     * chunk. None is cold for the I/O around it.
     */
    @Test
    void aMethodCalledNextToAFileItsCallerOpensIsPerCallCode() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()),
          java(
            """
              import java.io.DataInputStream;
              import java.io.IOException;
              import java.nio.file.Files;
              import java.nio.file.Path;

              class Records {
                  private DataInputStream in;

                  int count(Path file) throws IOException {
                      in = new DataInputStream(Files.newInputStream(file));
                      int n = 0;
                      for (String header = first(); header != null; header = next()) {
                          n++;
                      }
                      return n;
                  }

                  private String first() throws IOException {
                      return String.format("first %s", in.readInt());
                  }

                  private String next() throws IOException {
                      return String.format("record %s", in.readInt());
                  }

                  long archive(Path file) throws IOException {
                      Files.createDirectories(file.getParent());
                      return copy(file);
                  }

                  private long copy(Path file) throws IOException {
                      long total = 0;
                      while (in.available() > 0) {
                          total += in.readInt();
                          System.out.println(String.format("chunk %s", total));
                      }
                      return total;
                  }
              }
              """,
            """
              import java.io.DataInputStream;
              import java.io.IOException;
              import java.nio.file.Files;
              import java.nio.file.Path;

              class Records {
                  private DataInputStream in;

                  int count(Path file) throws IOException {
                      in = new DataInputStream(Files.newInputStream(file));
                      int n = 0;
                      for (String header = first(); header != null; header = next()) {
                          n++;
                      }
                      return n;
                  }

                  private String first() throws IOException {
                      return "first " + in.readInt();
                  }

                  private String next() throws IOException {
                      return "record " + in.readInt();
                  }

                  long archive(Path file) throws IOException {
                      Files.createDirectories(file.getParent());
                      return copy(file);
                  }

                  private long copy(Path file) throws IOException {
                      long total = 0;
                      while (in.available() > 0) {
                          total += in.readInt();
                          System.out.println("chunk " + total);
                      }
                      return total;
                  }
              }
              """
          )
        );
    }

    /**
     * A Javadoc's {@code {@link #parseSize}} names the method without calling it: the held-out batch case's option
     * parser, called only from {@code main}, was taken for one with a per-call caller.
     */
    @Test
    void aMethodLinkedFromJavadocAndCalledOnlyFromMainIsCold() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()),
          java(
            """
              package c;

              /**
               * Reads the settings. The command line calls {@link #parseSize} once.
               */
              public final class Settings {
                  static long parseSize(String text) {
                      System.out.println(String.format("size %s", text));
                      return Long.parseLong(text);
                  }
              }
              """
          ),
          java(
            """
              package c;

              public final class Cli {
                  public static void main(String[] args) {
                      System.out.println(Settings.parseSize(args[0]));
                  }
              }
              """
          )
        );
    }

    //language=java
    private static final String RULES = """
      import java.util.Arrays;
      import java.util.HashMap;
      import java.util.Iterator;
      import java.util.List;
      import java.util.Map;
      import java.util.function.Function;
      import java.util.stream.Collectors;

      class Rules {
          static final List<String> LANGUAGES = Arrays.asList("en", "fr");
          static final Map<String, String> FILES = new HashMap<>();
          static final Map<String, Function<String, String>> QUOTES = new HashMap<>();
          static final List<String> COMMON;
          static final Iterator<String> LOUD;

          static {
              LANGUAGES.forEach(l -> FILES.put(l, String.format("/rules/%s.txt", l)));
              COMMON = LANGUAGES.stream().map(l -> String.format("%s-common", l)).collect(Collectors.toList());
              LANGUAGES.forEach(l -> FILES.put(l + ".name", resourceName(l, "name")));
              QUOTES.put("angle", s -> String.format("<%s>", s));
              LOUD = LANGUAGES.stream().map(l -> String.format("%s!", l)).iterator();
          }

          private static String resourceName(String name, String kind) {
              return String.format("%s.%s", name, kind);
          }

          void bracket(List<String> names, Map<String, String> out) {
              names.forEach(s -> out.put(s, String.format("[%s]", s)));
          }
      }
      """;

    /**
     * A function that a call runs before it returns keeps its context: commons-codec's {@code Rule} fills its tables
     * in a static initialiser through {@code languages.forEach(l -> ..)}, once. Look-alikes: a function a static
     * initialiser keeps for later, and a stream made there whose steps run when it is read, run per call; and the same
     * {@code forEach} in a method is per-call code.
     */
    @Test
    void aFunctionRunBeforeTheCallReturnsKeepsItsInitialisersContext() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"/rules/%s.txt\", l)", "cold: in a static initialiser, which runs once"),
                Map.entry("String.format(\"%s-common\", l)", "cold: in a static initialiser, which runs once"),
                Map.entry("LANGUAGES.stream().map(l -> String.format(\"%s-common\", l)).collect(Collectors.toList())",
                  "cold: in a static initialiser, which runs once"),
                Map.entry("String.format(\"%s.%s\", name, kind)",
                  "cold: called only from cold code (in a static initialiser, which runs once)"));
              assertThat(rows.stream().filter(PerformanceCandidates.Row::isChanged).map(PerformanceCandidates.Row::getCandidate))
                .containsExactlyInAnyOrder("String.format(\"<%s>\", s)", "String.format(\"[%s]\", s)",
                  "String.format(\"%s!\", l)");
          }),
          java(RULES, RULES.replace("s -> String.format(\"<%s>\", s)", "s -> \"<\" + s + \">\"")
            .replace("l -> String.format(\"%s!\", l)", "l -> l + \"!\"")
            .replace("String.format(\"[%s]\", s)", "\"[\" + s + \"]\""))
        );
    }

    //language=java
    private static final String ARCHIVE = """
      import java.io.File;
      import java.io.IOException;
      import java.io.InputStream;
      import java.io.OutputStream;
      import java.nio.file.Files;
      import java.nio.file.Path;
      import java.util.List;
      import java.util.Map;

      class Archive {
          String entryName(File file, String root) throws IOException {
              String path = file.getCanonicalPath();
              return String.format("%s/%s", root, path);
          }

          String member(String type, String name) throws ClassNotFoundException {
              Class<?> owner = Class.forName(type);
              return String.format("%s#%s", owner.getSimpleName(), name);
          }

          void existing(List<File> files, List<String> names) {
              for (File f : files) {
                  boolean there = f.exists();
                  names.add(String.format("%s:%s", f.getName(), there));
              }
          }

          String firstCpu(Path stat) throws IOException {
              for (String line : Files.readAllLines(stat)) {
                  if (line.startsWith("cpu ")) {
                      String fields = String.format("[%s]", line.trim());
                      return fields;
                  }
              }
              return "";
          }

          void cpuLines(Path stat, List<String> out) throws IOException {
              for (String line : Files.readAllLines(stat)) {
                  out.add(String.format("(%s)", line.trim()));
                  if (out.size() > 3) {
                      break;
                  }
              }
          }

          String cpuLine(Path stat) throws IOException {
              String found = "";
              for (String line : Files.readAllLines(stat)) {
                  if (line.startsWith("cpu ")) {
                      found = String.format("<%s>", line.trim());
                      break;
                  }
              }
              return found;
          }

          void lines(Path path, List<String> out) throws IOException {
              for (String line : Files.readAllLines(path)) {
                  out.add(String.format("[%s]", line));
              }
          }

          String cached(Map<String, byte[]> cache, Path path, String name) throws IOException {
              String key = String.format("%s@%s", name, path.getFileName().toString());
              if (!cache.containsKey(key)) {
                  cache.put(key, Files.readAllBytes(path));
              }
              return key;
          }

          String maybe(File file, boolean check, String name) {
              if (check && file.exists()) {
                  name = name.trim();
              }
              return String.format("<%s>", name);
          }

          String read(InputStream in, String name) throws IOException {
              int first = in.read();
              return String.format("%s=%s", name, first);
          }

          int resource(String name) throws IOException {
              String path = String.format("%s.properties", name);
              try (InputStream in = Archive.class.getResourceAsStream(path)) {
                  return in.available();
              }
          }

          Object cachedRead(Map<String, Object> cache, Path root, String name) throws IOException {
              String key = String.format("%s.bin", name);
              Object value = cache.get(key);
              if (value != null) {
                  return value;
              }
              return Files.readAllBytes(root.resolve(key));
          }

          long copy(Path source, Path target) throws IOException {
              try (InputStream in = Files.newInputStream(source); OutputStream out = Files.newOutputStream(target)) {
                  byte[] buffer = new byte[8192];
                  long copied = 0;
                  int n;
                  while ((n = in.read(buffer)) != -1) {
                      out.write(buffer, 0, n);
                      copied += n;
                  }
                  return copied;
              }
          }
      }
      """;

    /**
     * A spot next to a file-system call, a class lookup or the like runs per call: per file, per line or per class
     * looked up. Code that opens a file or sends a request is not cold for that (zip4j's getRelativeFileName:
     * getCanonicalPath(), then a regex; verifyica reads /proc/stat, then splits it): every blind held-out author wrote
     * such spots as ones to rewrite, and a profile is what says the I/O dwarfs them. None is left alone.
     */
    @Test
    void aSpotNextToAFileSystemCallIsPerCallCode() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(rows).filteredOn(r -> !r.isChanged()).isEmpty();
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("Archive#entryName", "Archive#member", "Archive#existing", "Archive#firstCpu",
                  "Archive#lines", "Archive#cached", "Archive#maybe", "Archive#read", "Archive#resource", "Archive#cachedRead",
                  "Archive#copy", "Archive#cpuLines", "Archive#cpuLine");
          }),
          version(java(ARCHIVE, ARCHIVE.replace("String.format(\"[%s]\", line)", "\"[\" + line + \"]\"")
            .replace("String.format(\"%s/%s\", root, path)", "root + \"/\" + path")
            .replace("String.format(\"%s#%s\", owner.getSimpleName(), name)", "owner.getSimpleName() + \"#\" + name")
            .replace("String.format(\"%s:%s\", f.getName(), there)", "f.getName() + \":\" + there")
            .replace("String.format(\"[%s]\", line.trim())", "\"[\" + line.trim() + \"]\"")
            .replace("String.format(\"<%s>\", line.trim())", "\"<\" + line.trim() + \">\"")
            .replace("String.format(\"%s.properties\", name)", "name + \".properties\"")
            .replace("String.format(\"%s@%s\", name, path.getFileName().toString())", "name + \"@\" + path.getFileName().toString()")
            .replace("String.format(\"<%s>\", name)", "\"<\" + name + \">\"")
            .replace("String.format(\"%s=%s\", name, first)", "name + \"=\" + first")
            .replace("String.format(\"%s.bin\", name)", "name + \".bin\"")
            .replace("String.format(\"(%s)\", line.trim())", "\"(\" + line.trim() + \")\"")
            .replace("""
                          byte[] buffer = new byte[8192];
                          long copied = 0;
                          int n;
                          while ((n = in.read(buffer)) != -1) {
                              out.write(buffer, 0, n);
                              copied += n;
                          }
              """, """
                          long copied = in.transferTo(out);
              """)), 11)
        );
    }

    /**
     * A switch's case holds its statements as a block does: a message built in the default case only to be thrown
     * there (the held-out MQTT decoder's unsupported packet type), and a case that ends in a throw, are cold. A case
     * that returns or breaks is per-call code.
     */
    @Test
    void aCaseThatEndsInAThrowIsColdAsABlockIs() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()).dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"three %s\", body)", "cold: runs only on a path that ends in a throw"),
              Map.entry("String.format(\"unsupported %s\", type)", "cold: builds the message of a thrown exception"))),
          java(
            """
              class Decoder {
                  String decode(int type, String body) {
                      switch (type) {
                          case 1:
                              return String.format("one %s", body);
                          case 2:
                              String two = String.format("two %s", body);
                              System.out.println(two);
                              break;
                          case 3:
                              System.out.println(String.format("three %s", body));
                              throw new IllegalStateException("three");
                          default:
                              String message = String.format("unsupported %s", type);
                              throw new IllegalArgumentException(message);
                      }
                      return body;
                  }
              }
              """,
            """
              class Decoder {
                  String decode(int type, String body) {
                      switch (type) {
                          case 1:
                              return "one " + body;
                          case 2:
                              String two = "two " + body;
                              System.out.println(two);
                              break;
                          case 3:
                              System.out.println(String.format("three %s", body));
                              throw new IllegalStateException("three");
                          default:
                              String message = String.format("unsupported %s", type);
                              throw new IllegalArgumentException(message);
                      }
                      return body;
                  }
              }
              """
          )
        );
    }

    /**
     * A case's guard runs to choose the case, on every call that reaches the switch: a regex in a {@code when} guard
     * is per-call code though the case's body only throws (found reviewing ca1ac02).
     */
    @Test
    void aGuardOfACaseThatThrowsIsPerCallCode() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()).dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"bad %s\", t)", "cold: builds the message of an exception"))),
          version(java(
            """
              import java.util.List;

              class Sorter {
                  void add(Object o, List<Object> out) {
                      switch (o) {
                          case String t when t.matches("[A-Z]+") -> {
                              throw new IllegalArgumentException(String.format("bad %s", t));
                          }
                          default -> out.add(o);
                      }
                  }
              }
              """,
            """
              import java.util.List;
              import java.util.regex.Pattern;

              class Sorter {
                  private static final Pattern UPPERCASE_LETTER = Pattern.compile("[A-Z]+");

                  void add(Object o, List<Object> out) {
                      switch (o) {
                          case String t when UPPERCASE_LETTER.matcher(t).matches() -> {
                              throw new IllegalArgumentException(String.format("bad %s", t));
                          }
                          default -> out.add(o);
                      }
                  }
              }
              """
          ), 21)
        );
    }

    /**
     * A local thrown only under a branch is built on every call, the throw or not: per-call code (the held-out game
     * server's frame decoder reads each frame's sequence number and names it only in the unknown opcode's message);
     * so is one thrown after a statement that may return, and one an anonymous class's method throws later.
     * Look-alikes, cold: a local thrown by the next statement, and one handed to an exception's constructor.
     */
    @Test
    void aMessageBuiltOnEveryCallButThrownUnderABranchIsPerCallCode() {
        rewriteRun(
          spec -> spec.recipe(new HotPathIdioms()).dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"id %s is too long\", id)", "cold: builds the message of a thrown exception"),
              Map.entry("String.format(\"wrapped %s\", id)", "cold: builds the message of a thrown exception"))),
          java(
            """
              import java.util.function.Supplier;

              class Frames {
                  String checked(String id) {
                      String message = String.format("invalid %s", id);
                      if (id.length() > 80) {
                          throw new IllegalArgumentException(message);
                      }
                      return id;
                  }

                  int opcode(byte[] frame, int opcode) {
                      String where = String.format("frame of %s bytes", frame.length);
                      switch (opcode) {
                          case 1:
                              return 1;
                          default:
                              throw new IllegalStateException(where);
                      }
                  }

                  String parsed(String id) {
                      String reason = String.format("unparsable %s", id);
                      if (id.length() <= 80) {
                          return id;
                      }
                      throw new IllegalArgumentException(reason);
                  }

                  Supplier<String> later(String id) {
                      String late = String.format("late %s", id);
                      return new Supplier<String>() {
                          @Override
                          public String get() {
                              throw new IllegalStateException(late);
                          }
                      };
                  }

                  void tooLong(String id) {
                      String message = String.format("id %s is too long", id);
                      throw new IllegalStateException(message);
                  }

                  Exception wrapped(String id) {
                      String message = String.format("wrapped %s", id);
                      return new IllegalStateException(message);
                  }
              }
              """,
            """
              import java.util.function.Supplier;

              class Frames {
                  String checked(String id) {
                      String message = "invalid " + id;
                      if (id.length() > 80) {
                          throw new IllegalArgumentException(message);
                      }
                      return id;
                  }

                  int opcode(byte[] frame, int opcode) {
                      String where = "frame of " + frame.length + " bytes";
                      switch (opcode) {
                          case 1:
                              return 1;
                          default:
                              throw new IllegalStateException(where);
                      }
                  }

                  String parsed(String id) {
                      String reason = "unparsable " + id;
                      if (id.length() <= 80) {
                          return id;
                      }
                      throw new IllegalArgumentException(reason);
                  }

                  Supplier<String> later(String id) {
                      String late = "late " + id;
                      return new Supplier<String>() {
                          @Override
                          public String get() {
                              throw new IllegalStateException(late);
                          }
                      };
                  }

                  void tooLong(String id) {
                      String message = String.format("id %s is too long", id);
                      throw new IllegalStateException(message);
                  }

                  Exception wrapped(String id) {
                      String message = String.format("wrapped %s", id);
                      return new IllegalStateException(message);
                  }
              }
              """
          )
        );
    }

    //language=java
    private static final String PROBLEMS = """
      import java.util.Map;

      class Problems {
          static class JsonException extends Exception {
              JsonException(String message) {
                  super(message);
              }

              static JsonException from(String message) {
                  return new JsonException(message);
              }
          }

          JsonException weirdKey(String key) {
              return JsonException.from(String.format("bad key %s", quoted(key)));
          }

          Object report(String value) {
              Exception e = JsonException.from(String.format("bad value %s", value));
              return e;
          }

          Object wrap(String value) {
              String message = String.format("wrapped %s", value);
              return JsonException.from(message);
          }

          private static String quoted(String s) {
              return String.format("'%s'", s);
          }

          Exception lookup(Map<String, Exception> errors, String key) {
              return errors.get(String.format("%s-error", key));
          }

          String describe(Exception e) {
              return String.format("%s!", e.getMessage());
          }
      }
      """;

    /**
     * The arguments of a call that makes an exception (jackson's {@code InvalidFormatException.from(parser, msg, ..)}
     * in {@code weirdKeyException}) and a message built only for one are cold; jackson's {@code _quotedString}, called
     * only there, too. Look-alikes: a JDK map of exceptions looked up (returning one does not make one), and a method
     * that reads an exception and returns text.
     */
    @Test
    void anExceptionMadeByAFactoryIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"bad key %s\", quoted(key))", "cold: builds the message of an exception (an argument of from(..), which makes one)"),
                Map.entry("String.format(\"bad value %s\", value)", "cold: builds the message of an exception (an argument of from(..), which makes one)"),
                Map.entry("String.format(\"wrapped %s\", value)", "cold: builds the message of a thrown exception"),
                Map.entry("String.format(\"'%s'\", s)", "cold: called only from cold code (builds the message of an exception (an argument of from(..), which makes one))"));
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("Problems#lookup", "Problems#describe");
          }),
          java(PROBLEMS, PROBLEMS.replace("String.format(\"%s-error\", key)", "key + \"-error\"")
            .replace("String.format(\"%s!\", e.getMessage())", "e.getMessage() + \"!\""))
        );
    }

    /**
     * An enum's constructor runs once per constant, as the enum is initialised (jeromq's NetProtocol); a lambda it
     * keeps, its other methods and a class's constructor run per call.
     */
    @Test
    void anEnumsConstructorIsColdButWhatItKeepsForLaterIsNot() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"%s.%s\", name(), suffix)", "cold: in an enum's constructor, which runs once per constant"))),
          java(
            """
              import java.util.function.Function;

              enum Unit {
                  BYTES("b"), KILOBYTES("kb");

                  final String label;
                  final Function<Long, String> format;

                  Unit(String suffix) {
                      label = String.format("%s.%s", name(), suffix);
                      format = n -> String.format("%s%s", n, suffix);
                  }

                  String describe(long n) {
                      return String.format("%s %s", n, label);
                  }
              }

              class Size {
                  final String text;

                  Size(long n, Unit unit) {
                      text = String.format("%s%s", n, unit.label);
                  }
              }
              """,
            """
              import java.util.function.Function;

              enum Unit {
                  BYTES("b"), KILOBYTES("kb");

                  final String label;
                  final Function<Long, String> format;

                  Unit(String suffix) {
                      label = String.format("%s.%s", name(), suffix);
                      format = n -> n + suffix;
                  }

                  String describe(long n) {
                      return n + " " + label;
                  }
              }

              class Size {
                  final String text;

                  Size(long n, Unit unit) {
                      text = n + unit.label;
                  }
              }
              """
          )
        );
    }

    /**
     * The hash code of a type main code never hashes (no map keyed by it, no set of it, no hashCode() called on it;
     * a test's assertion does not count), a copy constructor and a method that lists a class's fields by reflection
     * are cold. A type hashed through the hash code of a type in a set, the elements of a stream's {@code distinct()},
     * a cache's lookup that reflects on a miss, and the same idioms in an ordinary constructor and method are not (a
     * map of a supertype: see
     * {@link #perCallCodeBesideAFailureIsRewritten}).
     */
    @Test
    void neverHashedTypesCopiesAndIntrospectionAreColdButTheirLookAlikesAreNot() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("Objects.hash(name)", "cold: in hashCode() of a type main code never hashes (no map keyed by it, no set of it)"),
              Map.entry("String.format(\"%s copy\", other.label)",
                "cold: in a copy constructor, which runs when an object is duplicated, not each time it is used"),
              Map.entry("String.format(\"%s.%s\", type.getSimpleName(), field.getName())",
                "cold: reads a class's members by reflection (getDeclaredFields()), which copies them on every call: " +
                "code that runs once per type and costs more than the rewrite saves"),
              Map.entry("new ArrayList<>()",
                "cold: reads a class's members by reflection (getDeclaredFields()), which copies them on every call: " +
                "code that runs once per type and costs more than the rewrite saves"),
              Map.entry("static final Map<Class<?>, List<String>> FIELDS = new HashMap<>()",
                "`FIELDS.get(..)` in Keys#cachedFields: it answers for a class not yet computed, where ClassValue.get " +
                "would compute the value"))),
          java(
            """
              package com.example;

              import java.lang.reflect.Field;
              import java.util.ArrayList;
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;
              import java.util.Objects;
              import java.util.Set;

              class Unhashed {
                  String name;

                  @Override
                  public int hashCode() {
                      return Objects.hash(name);
                  }
              }

              class Key {
                  Part part;
                  Map<Object, String> anything;

                  @Override
                  public int hashCode() {
                      return Objects.hashCode(part);
                  }
              }

              class Part {
                  int id;

                  @Override
                  public int hashCode() {
                      return Objects.hash(id);
                  }
              }

              class Tag {
                  String v;

                  @Override
                  public int hashCode() {
                      return Objects.hash(v);
                  }
              }

              class Keys {
                  static final Map<Class<?>, List<String>> FIELDS = new HashMap<>();
                  final Set<Key> seen;
                  final String label;

                  Keys(Keys other) {
                      seen = other.seen;
                      label = String.format("%s copy", other.label);
                  }

                  Keys(Set<Key> seen, String name) {
                      this.seen = seen;
                      label = String.format("%s keys", name);
                  }

                  static List<String> fields(Class<?> type) {
                      List<String> names = new ArrayList<>();
                      for (Field field : type.getDeclaredFields()) {
                          names.add(String.format("%s.%s", type.getSimpleName(), field.getName()));
                      }
                      return names;
                  }

                  static String cachedFields(Class<?> type) {
                      List<String> names = FIELDS.get(type);
                      if (names == null) {
                          names = new ArrayList<>();
                          for (Field field : type.getDeclaredFields()) {
                              names.add(field.getName());
                          }
                          FIELDS.put(type, names);
                      }
                      return String.format("%s: %s fields", type.getSimpleName(), names.size());
                  }

                  static long distinctTags(List<Tag> tags) {
                      return tags.stream().distinct().count();
                  }

                  static List<String> values(String type, List<String> values) {
                      List<String> names = new ArrayList<>();
                      for (String value : values) {
                          names.add(String.format("%s.%s", type, value));
                      }
                      return names;
                  }
              }
              """,
            """
              package com.example;

              import java.lang.reflect.Field;
              import java.util.ArrayList;
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;
              import java.util.Objects;
              import java.util.Set;

              class Unhashed {
                  String name;

                  @Override
                  public int hashCode() {
                      return Objects.hash(name);
                  }
              }

              class Key {
                  Part part;
                  Map<Object, String> anything;

                  @Override
                  public int hashCode() {
                      return Objects.hashCode(part);
                  }
              }

              class Part {
                  int id;

                  @Override
                  public int hashCode() {
                      return 31 + Integer.hashCode(id);
                  }
              }

              class Tag {
                  String v;

                  @Override
                  public int hashCode() {
                      return 31 + Objects.hashCode(v);
                  }
              }

              class Keys {
                  static final Map<Class<?>, List<String>> FIELDS = new HashMap<>();
                  final Set<Key> seen;
                  final String label;

                  Keys(Keys other) {
                      seen = other.seen;
                      label = String.format("%s copy", other.label);
                  }

                  Keys(Set<Key> seen, String name) {
                      this.seen = seen;
                      label = name + " keys";
                  }

                  static List<String> fields(Class<?> type) {
                      List<String> names = new ArrayList<>();
                      for (Field field : type.getDeclaredFields()) {
                          names.add(String.format("%s.%s", type.getSimpleName(), field.getName()));
                      }
                      return names;
                  }

                  static String cachedFields(Class<?> type) {
                      List<String> names = FIELDS.get(type);
                      if (names == null) {
                          names = new ArrayList<>();
                          for (Field field : type.getDeclaredFields()) {
                              names.add(field.getName());
                          }
                          FIELDS.put(type, names);
                      }
                      return type.getSimpleName() + ": " + names.size() + " fields";
                  }

                  static long distinctTags(List<Tag> tags) {
                      return tags.stream().distinct().count();
                  }

                  static List<String> values(String type, List<String> values) {
                      List<String> names = new ArrayList<>(values.size());
                      for (String value : values) {
                          names.add(type + "." + value);
                      }
                      return names;
                  }
              }
              """
          ),
          srcTestJava(
            java(
              """
                package com.example;

                import java.util.HashSet;
                import java.util.Set;

                class UnhashedTest {
                    Set<Unhashed> all = new HashSet<>();

                    int hash(Unhashed u) {
                        return u.hashCode();
                    }
                }
                """
            )
          )
        );
    }

    //language=java
    private static final String LOG = """
      package com.example;

      public interface Log {
          boolean isDebugEnabled();
          boolean isTraceEnabled();
          boolean isInfoEnabled();
          void info(String message);
      }
      """;

    //language=java
    private static final String SETTINGS = """
      package com.example;

      public interface Settings {
          boolean isDebugEnabled();
      }
      """;

    //language=java
    private static final String AUDIT = """
      package com.example;

      import java.util.logging.Level;
      import java.util.logging.Logger;

      class Audit {
          private static final Logger LOGGER = Logger.getLogger("audit");
          private final Log log;
          private final System.Logger system = System.getLogger("audit");
          private final Settings settings;
          private boolean ready;

          Audit(Log log, Settings settings) {
              this.log = log;
              this.settings = settings;
          }

          void record(String id, boolean allowed, Level level) {
              if (!allowed) {
                  log.info(String.format("blocked %s", id));
              } else if (LOGGER.isLoggable(Level.FINE)) {
                  LOGGER.fine(String.format("allowed %s", id));
              }
              if (log.isDebugEnabled()) {
                  log.info(String.format("recorded %s", id));
              } else {
                  log.info(String.format("done %s", id));
              }
              if (ready && (log.isTraceEnabled())) {
                  log.info(String.format("trace %s", id));
              }
              if (system.isLoggable(System.Logger.Level.DEBUG)) {
                  log.info(String.format("system %s", id));
              }
              if (log.isInfoEnabled()) {
                  log.info(String.format("info %s", id));
              }
              if (LOGGER.isLoggable(Level.INFO)) {
                  LOGGER.info(String.format("level %s", id));
              }
              if (LOGGER.isLoggable(level)) {
                  LOGGER.info(String.format("given %s", id));
              }
              if (!log.isDebugEnabled()) {
                  log.info(String.format("quiet %s", id));
              }
              if (log.isDebugEnabled() || ready) {
                  log.info(String.format("either %s", id));
              }
              if (settings.isDebugEnabled()) {
                  log.info(String.format("setting %s", id));
              }
          }
      }
      """;

    /** The per-call spots of {@link #AUDIT} rewritten, its debug-logging blocks not. */
    private static final String AUDIT_PER_CALL_REWRITTEN = AUDIT
      .replace("String.format(\"blocked %s\", id)", "\"blocked \" + id")
      .replace("String.format(\"done %s\", id)", "\"done \" + id")
      .replace("String.format(\"info %s\", id)", "\"info \" + id")
      .replace("String.format(\"level %s\", id)", "\"level \" + id")
      .replace("String.format(\"given %s\", id)", "\"given \" + id")
      .replace("String.format(\"quiet %s\", id)", "\"quiet \" + id")
      .replace("String.format(\"either %s\", id)", "\"either \" + id")
      .replace("String.format(\"setting %s\", id)", "\"setting \" + id");

    private static final List<String> DEBUG_ONLY = List.of("String.format(\"allowed %s\", id)",
      "String.format(\"recorded %s\", id)", "String.format(\"trace %s\", id)", "String.format(\"system %s\", id)");

    /**
     * A block that runs only with debug logging on only prints, and production runs leave the level off. The same
     * idiom under an info check, a level the caller gives, in the else branch, under a negated check or an
     * {@code ||}, or under a setting's {@code isDebugEnabled()} (not a logger's) runs at the default level.
     */
    @Test
    void aBlockThatRunsOnlyWithDebugLoggingIsColdButOtherLevelsAreNot() {
        auditLeavesOnlyItsDebugLoggingAlone(new PerformanceBestPractices(), "cold: runs only with debug logging on, to print");
    }

    /** In a hot method whose failures ran while recording, its debug-logging blocks are still cold. */
    @Test
    void aHotMethodsDebugLoggingStaysCold(@TempDir Path dir) throws IOException {
        Path csv = hotMethods(dir, "com.example.Audit,record,(Ljava/lang/String;ZLjava/util/logging/Level;)V,900000,0.9000,0.1000," +
                                   "\"java.lang.IllegalStateException 60%; java.lang.String 40%\"\n");
        auditLeavesOnlyItsDebugLoggingAlone(new PerformanceBestPractices(csv.toString(), 0.01),
          "cold: runs only with debug logging on, to print, in a hot method (90.00 % of the sampled allocation, " +
          "10.00 % of CPU samples): a recording samples methods, not the paths in them");
    }

    private void auditLeavesOnlyItsDebugLoggingAlone(PerformanceBestPractices recipe, String reason) {
        rewriteRun(
          spec -> spec.recipe(recipe).dataTable(PerformanceCandidates.Row.class, rows -> assertThat(reasonsLeftAlone(rows))
            .containsOnlyKeys(DEBUG_ONLY).allSatisfy((spot, why) -> assertThat(why).isEqualTo(reason))),
          java(LOG),
          java(SETTINGS),
          java(AUDIT, AUDIT_PER_CALL_REWRITTEN)
        );
    }

    /** A recording decides for a whole method: a hot toString is hot. */
    @Test
    void aProfileOverridesTheColdContexts(@TempDir Path dir) throws IOException {
        Path csv = hotMethods(dir, "Orders,toString,()Ljava/lang/String;,900000,0.9000,0.1000,\"byte[] 100%\"\n");
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(csv.toString(), 0.01)),
          java(
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return String.format("Orders[%s]", name);
                  }
              }
              """,
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return "Orders[" + name + "]";
                  }
              }
              """
          )
        );
    }

    /**
     * With every method of the file hot, the once-only contexts are rewritten (the recording says they run), and the
     * failure paths stay cold: a recording samples methods, not the paths in them. A catch block is rewritten: it may
     * be a fallback doing the method's work, and an exception a callee throws is charged to the callee.
     */
    @Test
    void aProfileOverridesTheOnceOnlyContextsButNotAHotMethodsFailurePaths(@TempDir Path dir) throws IOException {
        Path csv = everyMethodOfOrdersHot(dir, "java.lang.String 100%");
        String inAHotMethod = ", in a hot method (9.00 % of the sampled allocation, 1.00 % of CPU samples): a recording " +
                              "samples methods, not the paths in them";
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(csv.toString(), 0.01))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"no id for %s\", name)", "cold: builds the message of an exception" + inAHotMethod),
              Map.entry("String.format(\"id %s is too long\", id)", "cold: builds the message of a thrown exception" + inAHotMethod),
              Map.entry("String.format(\"bad id %s\", id)", "cold: builds the message of an error that fail(..) always throws" + inAHotMethod),
              Map.entry("String.format(\"untrimmed %s\", id)", "cold: in an assert statement, evaluated only with -ea" + inAHotMethod),
              Map.entry("String.format(\"no name for %s\", id)", "cold: builds the message of a failed check (Objects.requireNonNull(..))" + inAHotMethod))),
          java(COLD, ONCE_ONLY_CONTEXTS_REWRITTEN.replace("String.format(\"cannot read %s\", id)", "\"cannot read \" + id"))
        );
    }

    /** Exceptions among a hot method's most allocated types: its failures ran while recording; its assert did not. */
    @Test
    void aHotMethodThatAllocatedExceptionsKeepsOnlyItsAssertCold(@TempDir Path dir) throws IOException {
        Path csv = everyMethodOfOrdersHot(dir, "java.lang.IllegalArgumentException 50%; java.lang.String 50%");
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(csv.toString(), 0.01))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(reasonsLeftAlone(rows)).containsOnly(
              Map.entry("String.format(\"untrimmed %s\", id)", "cold: in an assert statement, evaluated only with -ea, in a " +
                "hot method (9.00 % of the sampled allocation, 1.00 % of CPU samples): a recording samples methods, not the paths in them"))),
          java(COLD, ONCE_ONLY_CONTEXTS_REWRITTEN
            .replace("String.format(\"no id for %s\", name)", "\"no id for \" + name")
            .replace("String.format(\"id %s is too long\", id)", "\"id \" + id + \" is too long\"")
            .replace("String.format(\"bad id %s\", id)", "\"bad id \" + id")
            .replace("String.format(\"cannot read %s\", id)", "\"cannot read \" + id")
            .replace("() -> String.format(\"no name for %s\", id)", "() -> \"no name for \" + id"))
        );
    }

    private static final String ONCE_ONLY_CONTEXTS_REWRITTEN = COLD_WITH_ONLY_PER_CALL_CODE_REWRITTEN
      .replace("String.format(\"orders %s\", Orders.class.getSimpleName())", "\"orders \" + Orders.class.getSimpleName()")
      .replace("String.format(\"v%s\", 2)", "\"v\" + 2")
      .replace("String.format(\"orders-%s\", 1)", "\"orders-\" + 1")
      .replace("String.format(\"%s orders\", args.length)", "args.length + \" orders\"")
      .replace("String.format(\"Orders[%s]\", name)", "\"Orders[\" + name + \"]\"");

    private static Path everyMethodOfOrdersHot(Path dir, String topTypes) throws IOException {
        String hot = ",900000,0.0900,0.0100,\"" + topTypes + "\"\n";
        return hotMethods(dir, "com.example.Orders,<clinit>,()V" + hot +
                                   "com.example.Orders,<init>,()V" + hot +
                                   "com.example.Orders,main,([Ljava/lang/String;)V" + hot +
                                   "com.example.Orders,toString,()Ljava/lang/String;" + hot +
                                   "com.example.Orders,label,(Ljava/lang/String;)Ljava/lang/String;" + hot +
                                   "com.example.Orders,check,(Ljava/lang/String;)V" + hot +
                                   "com.example.Orders,read,(Ljava/lang/String;)V" + hot +
                                   "com.example.Orders,logged,(Ljava/lang/String;)Ljava/lang/String;" + hot);
    }

    /** A hot-methods table of {@code rows}, as {@code report profile} writes it. */
    private static Path hotMethods(Path dir, String rows) throws IOException {
        Path csv = dir.resolve("hot-methods.csv");
        Files.write(csv, ("class,method,descriptor,sampledBytes,share,cpuShare,topTypes\n" + rows).getBytes(StandardCharsets.UTF_8));
        return csv;
    }

    //language=java
    private static final String CODECS = """
      package com.example;

      import java.util.HashMap;
      import java.util.Map;

      class Codecs<C> {
          private final Map<Class<?>, String> codecs = new HashMap<>();

          private final ClassValue<String> readers = new ClassValue<String>() {
              @Override
              protected String computeValue(Class<?> type) {
                  return String.format("%s-reader", type.getName()) + writer(type);
              }
          };

          static <T> String writer(Class<T> type) {
              return String.format("%s-writer", type.getName());
          }

          String codec(Class<?> type) {
              return codecs.computeIfAbsent(type, t -> String.format("%s-codec", type.getName()));
          }

          String local(Class<?> type) {
              Map<Class<?>, String> names = new HashMap<>();
              return names.computeIfAbsent(type, t -> String.format("%s-name", type.getName()));
          }

          void check(String s) {
              if (s.isEmpty()) {
                  Reports.badInput(String.format("bad input %s", s));
              }
              if (s.length() > 9) {
                  Reports.rejectOrder(String.format("bad order %s", s));
              }
              if (s.startsWith(" ")) {
                  String shown = String.format("'%s'", s);
                  System.err.println(shown);
                  throw new IllegalArgumentException("blank " + shown);
              }
          }

          String parse(String s) {
              String missing = String.format("no %s", s);
              return Reports.badInput(missing + "!");
          }

          static class CodecException extends RuntimeException {
              CodecException(String codec, Class<?> type) {
                  super(String.format("%s cannot encode %s", codec, type.getName()));
              }
          }

          void coerce(String s, boolean lenient) {
              if (lenient) {
                  return;
              }
              String shown = String.format("<%s>", s);
              Reports.rejectOrder(shown);
          }
      }
      """;

    /**
     * Read from the whole project: a helper in another file that always throws (also through a second helper), a
     * block that can only end in a throw, a {@code ClassValue}'s
     * {@code computeValue} and the private method only it calls, and a field cache's {@code computeIfAbsent}.
     */
    @Test
    void coldCodeSeenAcrossTheProjectIsLeftAlone() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"bad input %s\", s)", "cold: builds the message of an error that badInput(..) always throws"),
                Map.entry("String.format(\"bad order %s\", s)", "cold: builds the message of an error that rejectOrder(..) always throws"),
                Map.entry("String.format(\"'%s'\", s)", "cold: runs only on a path that ends in a throw"),
                Map.entry("String.format(\"no %s\", s)", "cold: runs only on a path that ends in badInput(..), which always throws"),
                Map.entry("String.format(\"<%s>\", s)", "cold: runs only on a path that ends in rejectOrder(..), which always throws"),
                Map.entry("String.format(\"%s cannot encode %s\", codec, type.getName())",
                  "cold: in Codecs.CodecException, an exception, whose code runs when something has failed"),
                Map.entry("String.format(\"%s-reader\", type.getName())", "cold: in a ClassValue's computeValue, which runs once per class"),
                Map.entry("String.format(\"%s-writer\", type.getName())", "cold: called only from cold code (in a ClassValue's computeValue, which runs once per class)"),
                Map.entry("String.format(\"%s-codec\", type.getName())", "cold: computes an entry of a cache, once per key (computeIfAbsent)"),
                Map.entry("private final Map<Class<?>, String> codecs = new HashMap<>()",
                  "an instance field of a class that is not a singleton or an enum: a ClassValue keeps what it computed " +
                  "on each Class until that class is next looked up, so a discarded owner's values would stay"));
              assertThat(changedLocations(rows))
                .containsExactlyInAnyOrder("Codecs#local");
          }),
          java(
            """
              package com.example;

              class Reports {
                  static <T> T badInput(String message) {
                      throw new IllegalArgumentException(message);
                  }

                  static void rejectOrder(String message) {
                      badInput(message);
                  }
              }
              """
          ),
          java(CODECS, CODECS.replace("t -> String.format(\"%s-name\", type.getName())", "t -> type.getName() + \"-name\""))
        );
    }

    //language=java
    private static final String LABELS = """
      package com.example;

      class Labels {
          static String label(String s) {
              return String.format("<%s>", s);
          }

          void check(String s) {
              if (s.isEmpty()) {
                  throw new IllegalArgumentException(label(s));
              }
          }
      }
      """;

    //language=java
    private static final String LABELS_TEST = """
      package com.example;

      class LabelsTest {
          void labels() {
              Labels.label("a");
          }
      }
      """;

    /**
     * A private or package-private constructor whose every {@code new} is cold code is cold too: commons-text's
     * {@code DefaultStringLookupsHolder}, made once for its {@code INSTANCE}, parses its lookups list there. Look-alikes:
     * a constructor also made per call; one without parameters, which a subclass's implicit {@code super()} may call
     * unseen; one a framework calls by its annotation; and a public one, which the project's users may call per call.
     */
    @Test
    void aConstructorMadeOnlyInColdCodeIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"%s-lookups\", spec)", "cold: called only from cold code (initialises a field, once)"),
                Map.entry("String.format(\"%s/%s\", spec, dflt)", "cold: called only from cold code (initialises a field, once)"));
              assertThat(rows.stream().filter(PerformanceCandidates.Row::isChanged).map(PerformanceCandidates.Row::getCandidate))
                .containsExactlyInAnyOrder("String.format(\"%s#%s\", key, rank)", "String.format(\"%s!\", name)",
                  "String.format(\"%s?\", name)", "String.format(\"%s~\", name)");
          }),
          java(
            """
              package com.example;

              final class Lookups {
                  static final Holder INSTANCE = new Holder("base64");
                  static final Holder NONE = new Holder("none", true);
                  static final Quiet QUIET = new Quiet();
                  static final Injected INJECTED = new Injected("x");
                  static final Open OPEN = new Open("y");

                  String resolve(String key) {
                      return new Entry(key, 1).label;
                  }

                  static final class Holder {
                      final String name;

                      Holder(String spec) {
                          name = String.format("%s-lookups", spec);
                      }

                      private Holder(String spec, boolean dflt) {
                          this(String.format("%s/%s", spec, dflt));
                      }
                  }

                  static final class Entry {
                      final String label;

                      private Entry(String key, int rank) {
                          label = String.format("%s#%s", key, rank);
                      }
                  }

                  static class Quiet {
                      final String name = "q";

                      Quiet() {
                          System.setProperty("quiet", String.format("%s!", name));
                      }
                  }

                  @interface Inject {
                  }

                  static final class Injected {
                      final String text;

                      @Inject
                      Injected(String name) {
                          text = String.format("%s?", name);
                      }
                  }

                  static final class Open {
                      final String text;

                      public Open(String name) {
                          text = String.format("%s~", name);
                      }
                  }
              }
              """,
            """
              package com.example;

              final class Lookups {
                  static final Holder INSTANCE = new Holder("base64");
                  static final Holder NONE = new Holder("none", true);
                  static final Quiet QUIET = new Quiet();
                  static final Injected INJECTED = new Injected("x");
                  static final Open OPEN = new Open("y");

                  String resolve(String key) {
                      return new Entry(key, 1).label;
                  }

                  static final class Holder {
                      final String name;

                      Holder(String spec) {
                          name = String.format("%s-lookups", spec);
                      }

                      private Holder(String spec, boolean dflt) {
                          this(String.format("%s/%s", spec, dflt));
                      }
                  }

                  static final class Entry {
                      final String label;

                      private Entry(String key, int rank) {
                          label = key + "#" + rank;
                      }
                  }

                  static class Quiet {
                      final String name = "q";

                      Quiet() {
                          System.setProperty("quiet", name + "!");
                      }
                  }

                  @interface Inject {
                  }

                  static final class Injected {
                      final String text;

                      @Inject
                      Injected(String name) {
                          text = name + "?";
                      }
                  }

                  static final class Open {
                      final String text;

                      public Open(String name) {
                          text = name + "~";
                      }
                  }
              }
              """
          )
        );
    }

    /**
     * A constructor is cold only when every way to make its object is cold. Look-alikes that keep it per-call: an
     * anonymous subclass made per call (javac names the anonymous class's own constructor), a field of an object made
     * per request (once per object is per request for such an object), a record's constructor (deserialization calls
     * it), and one whose parameters tell a framework to call it ({@code @JsonProperty}).
     */
    @Test
    void aConstructorAlsoMadeByAnAnonymousSubclassAnObjectsFieldOrAFrameworkIsNotCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).isEmpty();
              assertThat(rows.stream().filter(PerformanceCandidates.Row::isChanged).map(PerformanceCandidates.Row::getCandidate))
                .containsExactlyInAnyOrder("String.format(\"%s#\", k)", "String.format(\"%s-p\", s)",
                  "String.format(\"%s=\", a)", "String.format(\"%s:\", b)");
          }),
          version(java(
            """
              package com.example;

              final class Makers {
                  static final Base DEFAULT = new Base("d");
                  static final Point ORIGIN = new Point("o");
                  static final Bound BOUND = new Bound("b");

                  String resolve(String k) {
                      return new Base(k) {
                      }.label;
                  }

                  static final class Request {
                      private final Parser parser = new Parser("x");
                  }

                  static class Base {
                      final String label;

                      Base(String k) {
                          label = String.format("%s#", k);
                      }
                  }

                  static final class Parser {
                      final String p;

                      Parser(String s) {
                          p = String.format("%s-p", s);
                      }
                  }

                  record Point(String a) {
                      Point(String a) {
                          this.a = String.format("%s=", a);
                      }
                  }

                  @interface JsonProperty {
                  }

                  static final class Bound {
                      final String text;

                      Bound(@JsonProperty String b) {
                          text = String.format("%s:", b);
                      }
                  }
              }
              """,
            """
              package com.example;

              final class Makers {
                  static final Base DEFAULT = new Base("d");
                  static final Point ORIGIN = new Point("o");
                  static final Bound BOUND = new Bound("b");

                  String resolve(String k) {
                      return new Base(k) {
                      }.label;
                  }

                  static final class Request {
                      private final Parser parser = new Parser("x");
                  }

                  static class Base {
                      final String label;

                      Base(String k) {
                          label = k + "#";
                      }
                  }

                  static final class Parser {
                      final String p;

                      Parser(String s) {
                          p = s + "-p";
                      }
                  }

                  record Point(String a) {
                      Point(String a) {
                          this.a = a + "=";
                      }
                  }

                  @interface JsonProperty {
                  }

                  static final class Bound {
                      final String text;

                      Bound(@JsonProperty String b) {
                          text = b + ":";
                      }
                  }
              }
              """
          ), 17)
        );
    }

    /**
     * A public method whose every call, in any file, is cold code is cold too (commons-compress's
     * {@code Messages.format}, called only to build an error; neo4j's {@code Format.formatPairs}, only from
     * {@code toString()}). Look-alikes: one also called on a normal path, and one nothing in the project calls (a
     * library's API, which its users may call on every request).
     */
    @Test
    void aPublicMethodCalledOnlyFromColdCodeInOtherFilesIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(reasonsLeftAlone(rows)).containsOnly(
            Map.entry("String.format(\"%s: %s\", key, value)", "cold: called only from cold code (builds the message of an exception)"),
            Map.entry("String.format(\"{%s}\", pairs)", "cold: called only from cold code (in toString(), which builds text to print)"))),
          java(
            """
              package com.example;

              public final class Messages {
                  public static String format(String key, int value) {
                      return String.format("%s: %s", key, value);
                  }

                  public static String pairs(String pairs) {
                      return String.format("{%s}", pairs);
                  }

                  public static String label(String name) {
                      return String.format("<%s>", name);
                  }

                  public static String unused(String name) {
                      return String.format("[%s]", name);
                  }
              }
              """,
            """
              package com.example;

              public final class Messages {
                  public static String format(String key, int value) {
                      return String.format("%s: %s", key, value);
                  }

                  public static String pairs(String pairs) {
                      return String.format("{%s}", pairs);
                  }

                  public static String label(String name) {
                      return "<" + name + ">";
                  }

                  public static String unused(String name) {
                      return "[" + name + "]";
                  }
              }
              """
          ),
          java(
            """
              package com.example;

              class Reader {
                  String read(int count) {
                      if (count < 0) {
                          throw new IllegalArgumentException(Messages.format("count", count) + Messages.label("read"));
                      }
                      return Messages.label("read " + count);
                  }
              }
              """
          ),
          java(
            """
              package com.example;

              class Record {
                  String fields;

                  @Override
                  public String toString() {
                      return Messages.pairs(fields);
                  }
              }
              """
          )
        );
    }

    /**
     * A test's call does not make main code hot: for the umbrella (main code only) a method main code calls only to
     * build a thrown message is cold, whatever tests call it; a composite that includes tests counts their calls.
     */
    @Test
    void aTestsCallDoesNotMakeMainCodeHotUnlessTestsAreIncluded() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(reasonsLeftAlone(rows)).containsOnly(
            Map.entry("String.format(\"<%s>\", s)", "cold: called only from cold code (builds the message of an exception)"))),
          java(LABELS),
          srcTestJava(java(LABELS_TEST))
        );
        rewriteRun(
          spec -> spec.recipe(new dev.rewriteperf.PerformanceBestPracticesIncludingTests()),
          java(LABELS, LABELS.replace("String.format(\"<%s>\", s)", "\"<\" + s + \">\"")),
          srcTestJava(java(LABELS_TEST))
        );
    }

    /**
     * Look-alikes that run per call: a loop before a throw, a block that can return before it, a helper whose
     * namesake elsewhere returns, a private method also called from per-call code, a private method a catch block
     * falls back on (a fallback does the method's work), a hashCode.
     */
    @Test
    void perCallCodeBesideAFailureIsRewritten() {
        rewriteRun(
          java(
            """
              package com.example;

              class Checks {
                  static void fail(String message) {
                      throw new IllegalStateException(message);
                  }
              }
              """
          ),
          java(
            """
              package com.example;

              class Log {
                  void fail(String message) {
                      System.err.println(message);
                  }
              }
              """
          ),
          java(
            """
              package com.example;

              import java.util.List;
              import java.util.Map;
              import java.util.Objects;

              class Shape {
                  Map<Shape, String> names;
              }

              class Circle extends Shape {
                  int r;

                  @Override
                  public int hashCode() {
                      return Objects.hash(r);
                  }
              }

              class Drain {
                  void drain(List<String> out, int n) {
                      for (int i = 0; i < n; i++) {
                          out.add(String.format("item %s", i));
                      }
                      throw new IllegalStateException("drained");
                  }

                  String pick(String s) {
                      if (s.length() > 2) {
                          String v = String.format("x%s", s);
                          if (v.length() > 3) {
                              return v;
                          }
                          throw new IllegalArgumentException(s);
                      }
                      return s;
                  }

                  void warn(String s) {
                      Checks.fail(s);
                      new Log().fail(String.format("warn %s", s));
                  }

                  String label(String s) {
                      return name(s);
                  }

                  void check(String s) {
                      if (s.isEmpty()) {
                          throw new IllegalArgumentException(name(s));
                      }
                  }

                  private static String name(String s) {
                      return String.format("name %s", s);
                  }

                  String resolve(String s) {
                      try {
                          return Integer.valueOf(s).toString();
                      } catch (NumberFormatException e) {
                          return fallback(s);
                      }
                  }

                  private static String fallback(String s) {
                      return String.format("java.lang.%s", s);
                  }
              }
              """,
            """
              package com.example;

              import java.util.List;
              import java.util.Map;

              class Shape {
                  Map<Shape, String> names;
              }

              class Circle extends Shape {
                  int r;

                  @Override
                  public int hashCode() {
                      return 31 + Integer.hashCode(r);
                  }
              }

              class Drain {
                  void drain(List<String> out, int n) {
                      for (int i = 0; i < n; i++) {
                          out.add("item " + i);
                      }
                      throw new IllegalStateException("drained");
                  }

                  String pick(String s) {
                      if (s.length() > 2) {
                          String v = "x" + s;
                          if (v.length() > 3) {
                              return v;
                          }
                          throw new IllegalArgumentException(s);
                      }
                      return s;
                  }

                  void warn(String s) {
                      Checks.fail(s);
                      new Log().fail("warn " + s);
                  }

                  String label(String s) {
                      return name(s);
                  }

                  void check(String s) {
                      if (s.isEmpty()) {
                          throw new IllegalArgumentException(name(s));
                      }
                  }

                  private static String name(String s) {
                      return "name " + s;
                  }

                  String resolve(String s) {
                      try {
                          return Integer.valueOf(s).toString();
                      } catch (NumberFormatException e) {
                          return fallback(s);
                      }
                  }

                  private static String fallback(String s) {
                      return "java.lang." + s;
                  }
              }
              """
          )
        );
    }

    /** Each spot left alone, by its code, with its reason (the reasons of identical code joined by {@code |}). */
    //language=java
    private static final String READERS = """
      import java.util.HashMap;
      import java.util.Map;

      class Readers {
          private final Map<String, Object> known = new HashMap<>();
          private String label;
          private String name;

          Object reader(String schema, int kind) {
              Object reader = known.get(schema);
              if (reader != null) {
                  return reader;
              }
              switch (kind) {
                  case 1:
                      return recordReader(schema);
                  default:
                      return arrayReader(schema);
              }
          }

          private Object recordReader(String schema) {
              Object reader = String.format("record %s", schema);
              known.put(schema, reader);
              return reader;
          }

          private Object arrayReader(String schema) {
              return String.format("array %s", schema);
          }

          Object cached(String schema) {
              Object value = known.get(schema);
              if (value != null) {
                  return value;
              }
              value = String.format("value %s", schema);
              known.put(schema, value);
              return value;
          }

          Object orDefault(String schema) {
              Object value = known.get(schema);
              if (value != null) {
                  return value;
              }
              return String.format("default %s", schema);
          }

          String label(String id) {
              if (label != null) {
                  return label;
              }
              label = String.format("label %s", id);
              return label;
          }

          String name(String id) {
              if (name != null) {
                  return name;
              }
              return String.format("anon %s", id);
          }

          Object maybeCached(String schema, boolean keep) {
              Object value = known.get(schema);
              if (value != null) {
                  return value;
              }
              value = String.format("maybe %s", schema);
              if (keep) {
                  known.put(schema, value);
              }
              return value;
          }
      }
      """;

    /**
     * Code that runs after a cache's hit has returned, and fills it, runs once per key or object: jackson-avro's
     * {@code createReader} returns a known reader, else calls {@code createRecordReader}, which builds one and puts it
     * into {@code _knownReaders}; a value computed and put back; a lazily set field. Look-alikes, rewritten: a reader
     * the miss builds and does not keep (built on every call for that key), a default returned on a miss, a value kept
     * only under a condition, and a field read but never set.
     */
    @Test
    void codeThatRunsOnACachesMissAfterAHitReturnedIsCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"record %s\", schema)",
                  "cold: called only from cold code (fills the cache in known on a miss, once per key)"),
                Map.entry("String.format(\"value %s\", schema)", "cold: fills the cache in known on a miss, once per key"),
                Map.entry("String.format(\"label %s\", id)", "cold: sets the lazily set field label on a miss, once per object"));
              assertThat(changedLocations(rows)).containsExactlyInAnyOrder("Readers#arrayReader", "Readers#orDefault",
                "Readers#name", "Readers#maybeCached");
          }),
          java(READERS, READERS.replace("String.format(\"array %s\", schema)", "\"array \" + schema")
            .replace("String.format(\"default %s\", schema)", "\"default \" + schema")
            .replace("String.format(\"anon %s\", id)", "\"anon \" + id")
            .replace("String.format(\"maybe %s\", schema)", "\"maybe \" + schema"))
        );
    }

    //language=java
    private static final String BOUNDED = """
      import java.util.HashMap;
      import java.util.LinkedHashMap;
      import java.util.Map;
      import java.util.concurrent.ConcurrentHashMap;

      class Results {
          private final Map<String, String> recent = new ConcurrentHashMap<>();
          private final Map<String, String> queries = new HashMap<>();
          private final Map<String, String> lru = new LinkedHashMap<String, String>(16, 0.75f, true) {
              @Override
              protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                  return size() > 1000;
              }
          };
          private final Map<String, String> schemas = new HashMap<>();

          String evaluate(String flag, String user) {
              String key = flag + user;
              String result = recent.get(key);
              if (result == null) {
                  result = String.format("%s for %s", flag, user);
                  if (recent.size() > 50_000) {
                      recent.clear();
                  }
                  recent.put(key, result);
              }
              return result;
          }

          String query(String q) {
              String cached = queries.get(q);
              if (cached != null) {
                  return cached;
              }
              String result = String.format("rows of %s", q);
              if (queries.size() >= 1000) {
                  queries.clear();
              }
              queries.put(q, result);
              return result;
          }

          String schema(String name) {
              String cached = schemas.get(name);
              if (cached != null) {
                  return cached;
              }
              String result = String.format("schema %s", name);
              schemas.put(name, result);
              return result;
          }

          void reset() {
              schemas.clear();
          }

          String page(String path) {
              String cached = lru.get(path);
              if (cached != null) {
                  return cached;
              }
              String result = String.format("page %s", path);
              lru.put(path, result);
              return result;
          }
      }
      """;

    /**
     * A cache its file evicts from misses again and again: cleared when it grows too large (a feature-flag SDK's
     * results of evaluations, keyed per user; a time-series query cache) or a {@code LinkedHashMap} that removes its
     * eldest entry. Their misses run per call and are rewritten; a cache a method resets on demand (json-io's
     * {@code clearCaches()}, its plans made once per class) keeps its miss cold.
     */
    @Test
    void theMissOfACacheTheFileEvictsFromIsPerCall() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"schema %s\", name)", "cold: fills the cache in schemas on a miss, once per key"));
              assertThat(changedLocations(rows)).containsExactlyInAnyOrder("Results#evaluate", "Results#query",
                "Results#page");
          }),
          java(BOUNDED, BOUNDED.replace("String.format(\"%s for %s\", flag, user)", "flag + \" for \" + user")
            .replace("String.format(\"rows of %s\", q)", "\"rows of \" + q")
            .replace("String.format(\"page %s\", path)", "\"page \" + path"))
        );
    }

    //language=java
    private static final String MANAGED = """
      import java.util.List;

      class Managed {
          interface CacheStatsMBean {
              String getSummary();
          }

          interface CacheStats {
              String getLine();
          }

          interface CacheStatsReporter {
              String getSummary();
          }

          static class Stats implements CacheStatsMBean {
              List<String> names;

              @Override
              public String getSummary() {
                  return String.format("%s names", names.size());
              }

              String line() {
                  return String.format("(%s)", names.size());
              }
          }

          static class Lines implements CacheStats {
              List<String> names;

              @Override
              public String getLine() {
                  return String.format("[%s]", names.size());
              }
          }

          static class Reported implements CacheStatsMBean, CacheStatsReporter {
              List<String> names;

              @Override
              public String getSummary() {
                  return String.format("<%s>", names.size());
              }
          }

          @Deprecated
          String oldKey(String id) {
              return String.format("old-%s", id);
          }

          @Deprecated
          static class Legacy {
              String key(String id) {
                  return String.format("legacy-%s", id);
              }
          }

          @SuppressWarnings("deprecation")
          String key(String id) {
              String old = oldKey(id);
              return String.format("%s/%s", old, id);
          }
      }
      """;

    /**
     * A deprecated method or class is one the project asks its callers to stop using (dnsjava's {@code TSIG.fromString});
     * a JMX attribute or operation, a method only an {@code ..MBean} interface declares, runs when a management console
     * asks (apollo's {@code getApolloConfigExceptionDetails}). Look-alikes, rewritten: a method that calls a deprecated
     * one, another method of the MBean's class, a method of an interface not named for JMX, and one that another
     * interface also declares, which code may call per request.
     */
    @Test
    void deprecatedCodeAndJmxAttributesAreCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(reasonsLeftAlone(rows)).containsOnly(
                Map.entry("String.format(\"%s names\", names.size())",
                  "cold: a JMX attribute or operation of CacheStatsMBean, which runs when a management console asks"),
                Map.entry("String.format(\"old-%s\", id)",
                  "cold: in a deprecated method, which the project asks its callers to stop using"),
                Map.entry("String.format(\"legacy-%s\", id)",
                  "cold: in a deprecated class, which the project asks its callers to stop using"));
              assertThat(changedLocations(rows)).containsExactlyInAnyOrder("Managed.Stats#line", "Managed.Lines#getLine",
                "Managed.Reported#getSummary", "Managed#key");
          }),
          java(MANAGED, MANAGED.replace("String.format(\"(%s)\", names.size())", "\"(\" + names.size() + \")\"")
            .replace("String.format(\"[%s]\", names.size())", "\"[\" + names.size() + \"]\"")
            .replace("String.format(\"<%s>\", names.size())", "\"<\" + names.size() + \">\"")
            .replace("String.format(\"%s/%s\", old, id)", "old + \"/\" + id"))
        );
    }

    //language=java
    private static final String WORKLOAD = """
      class Workload {
          String key(String id) {
              return String.format("key-%s", id);
          }
      }
      """;

    /**
     * A module of benchmarks, examples or test kits (aerospike's {@code benchmarks/}, neo4j's {@code testkit-backend/}) is
     * not the product: a benchmark's code is what it measures, an example's is read, not run. Look-alikes, rewritten: a
     * package named for examples in main code or in a path without a source directory ({@code com/example/samples}),
     * a service named for an example ({@code example-service/}, {@code demo/}), and modules whose names only contain
     * such a word ({@code demographics-service}, {@code contest/}).
     */
    @Test
    void aModuleOfBenchmarksExamplesOrTestsIsNotTheProduct() {
        String reason = "cold: in benchmarks/, a module of benchmarks, examples or test kits, not the product's own code";
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              assertThat(rows.stream().filter(r -> !r.isChanged()).map(r -> r.getSourcePath() + ": " + r.getReason()))
                .containsExactlyInAnyOrder(
                  "benchmarks/src/main/java/bench/Workload.java: " + reason,
                  "client/src/jmh/java/jmh/Workload.java: cold: in src/jmh/, a module of benchmarks, examples or test kits, not the product's own code",
                  "testkit-backend/src/main/java/testkit/Workload.java: cold: in testkit-backend/, a module of benchmarks, examples or test kits, not the product's own code",
                  "spring-boot-samples/app/src/main/java/samples/Workload.java: cold: in spring-boot-samples/, a module of benchmarks, examples or test kits, not the product's own code");
              assertThat(rows.stream().filter(PerformanceCandidates.Row::isChanged).map(PerformanceCandidates.Row::getSourcePath))
                .containsExactlyInAnyOrder("src/main/java/com/acme/examples/Workload.java",
                  "demographics-service/src/main/java/demographics/Workload.java", "contest/src/main/java/contest/Workload.java",
                  "example-service/src/main/java/example/Workload.java", "demo/src/main/java/demo/Workload.java",
                  "com/example/samples/Workload.java");
          }),
          workload("bench", "benchmarks/src/main/java/bench/Workload.java", false),
          workload("jmh", "client/src/jmh/java/jmh/Workload.java", false),
          workload("testkit", "testkit-backend/src/main/java/testkit/Workload.java", false),
          workload("samples", "spring-boot-samples/app/src/main/java/samples/Workload.java", false),
          workload("com.acme.examples", "src/main/java/com/acme/examples/Workload.java", true),
          workload("demographics", "demographics-service/src/main/java/demographics/Workload.java", true),
          workload("example", "example-service/src/main/java/example/Workload.java", true),
          workload("demo", "demo/src/main/java/demo/Workload.java", true),
          workload("contest", "contest/src/main/java/contest/Workload.java", true),
          workload("com.example.samples", "com/example/samples/Workload.java", true)
        );
    }

    /**
     * A service whose own build sits in a repository's {@code samples/} folder (this repository's sample services, run
     * in place by {@code bulk} or the sample workflow) is the product the run was started on: the plugin names its files
     * from the repository's root, so they start with {@code samples/}, as they would not if the service were checked
     * out on its own. Look-alike, cold: a {@code samples/} module of the build the run was started on.
     */
    @Test
    void aServiceWhoseOwnBuildIsInASamplesFolderIsTheProduct() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(r -> r.getSourcePath() + ": " + (r.isChanged() ? "rewritten" : r.getReason()))
            .containsExactly("samples/order-service/src/main/java/orders/Workload.java: rewritten")),
          pomXml(pom("order-service", "", ""), spec -> spec.path("samples/order-service/pom.xml")),
          workload("orders", "samples/order-service/src/main/java/orders/Workload.java", true)
        );
    }

    @Test
    void aSamplesModuleOfTheBuildTheRunWasStartedOnIsNotTheProduct() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(r -> r.getSourcePath() + ": " + (r.isChanged() ? "rewritten" : r.getReason()))
            .containsExactly("samples/app/src/main/java/app/Workload.java: cold: in samples/, a module of benchmarks, " +
                             "examples or test kits, not the product's own code")),
          pomXml(pom("parent", "<packaging>pom</packaging><modules><module>samples/app</module></modules>", "")),
          pomXml(pom("app", "", "<parent><groupId>com.example</groupId><artifactId>parent</artifactId>" +
                                "<version>1.0.0</version><relativePath>../../pom.xml</relativePath></parent>"),
            spec -> spec.path("samples/app/pom.xml")),
          workload("app", "samples/app/src/main/java/app/Workload.java", false)
        );
    }

    private static String pom(String artifactId, String packagingAndModules, String parent) {
        return "<project><modelVersion>4.0.0</modelVersion>" + parent + "<groupId>com.example</groupId>" +
               "<artifactId>" + artifactId + "</artifactId><version>1.0.0</version>" + packagingAndModules + "</project>";
    }

    //language=java
    private static final String NOT_REWRITABLE = """
      import java.util.List;
      import java.util.stream.Collectors;

      class Skus {
          static final List<String> DEFAULTS = List.of("a", "b").stream().map(String::trim).collect(Collectors.toList());

          static List<String> known(List<String> skus) {
              return skus.stream().map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toList());
          }

          public static void main(String[] args) {
              System.out.println(List.of(args).stream().map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toList()));
          }
      }
      """;

    /**
     * A spot a recipe cannot rewrite in cold code names the cold context first, then its own reason: the report folds
     * it with the cold spots (a static field's stream, a stream in {@code main}), where a reviewer does not look, and
     * the counts tell it from a spot only the cold-code rule kept. Look-alike: the same spot on a per-call path keeps
     * its reason alone, to be looked at.
     */
    @Test
    void aSpotNoRecipeCouldRewriteInColdCodeIsListedAsColdWithItsOwnReason() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows.stream().map(r -> r.getLocation() + ": " + r.getReason())).containsExactlyInAnyOrder(
              "Skus: cold: initialises a field, once; left alone anyway: the statement is not in a method's block, " +
              "where a loop could go before it",
              "Skus#known: `.filter(..)` makes the number of elements unknown in advance",
              "Skus#main: cold: in main, which runs once; left alone anyway: `.filter(..)` makes the number of " +
              "elements unknown in advance")),
          java(NOT_REWRITABLE)
        );
    }

    /**
     * An enum constant's arguments are evaluated once, as the enum is initialised, like its constructor's body.
     * Look-alikes rewritten: a function passed to a constant (it runs per call; a constant is a line of its own, not a
     * wrapped statement) and a method of a constant's body.
     */
    @Test
    void anEnumConstantsArgumentsAreCold() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(r -> r.getLocation() + " " + r.isChanged() + " " + r.getReason()).containsExactlyInAnyOrder(
              "Unit false cold: an enum constant's arguments, evaluated once as the enum is initialised",
              "Unit true ",
              "Unit#plural true ")),
          java(
            """
              import java.util.function.Function;

              enum Unit {
                  GRAM(String.format("%s (mass)", "g"), v -> String.format("%s g", v)),
                  METRE("m", v -> v + " m") {
                      @Override
                      String plural(String name) {
                          return String.format("%ss", name);
                      }
                  };

                  private final String label;
                  private final Function<String, String> printer;

                  Unit(String label, Function<String, String> printer) {
                      this.label = label;
                      this.printer = printer;
                  }

                  String plural(String name) {
                      return name;
                  }
              }
              """,
            """
              import java.util.function.Function;

              enum Unit {
                  GRAM(String.format("%s (mass)", "g"), v -> v + " g"),
                  METRE("m", v -> v + " m") {
                      @Override
                      String plural(String name) {
                          return name + "s";
                      }
                  };

                  private final String label;
                  private final Function<String, String> printer;

                  Unit(String label, Function<String, String> printer) {
                      this.label = label;
                      this.printer = printer;
                  }

                  String plural(String name) {
                      return name;
                  }
              }
              """
          )
        );
    }

    private static SourceSpecs workload(String pkg, String path, boolean rewritten) {
        String before = "package " + pkg + ";\n\n" + WORKLOAD;
        return rewritten ? java(before, before.replace("String.format(\"key-%s\", id)", "\"key-\" + id"), spec -> spec.path(path))
          : java(before, spec -> spec.path(path));
    }

    private static List<String> changedLocations(List<PerformanceCandidates.Row> rows) {
        return rows.stream().filter(PerformanceCandidates.Row::isChanged).map(PerformanceCandidates.Row::getLocation)
          .collect(Collectors.toList());
    }

    private static Map<String, String> reasonsLeftAlone(List<PerformanceCandidates.Row> rows) {
        return rows.stream().filter(r -> !r.isChanged()).collect(Collectors.toMap(
          PerformanceCandidates.Row::getCandidate, PerformanceCandidates.Row::getReason, (a, b) -> a + " | " + b));
    }
}
