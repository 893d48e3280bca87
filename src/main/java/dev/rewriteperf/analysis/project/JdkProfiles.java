package dev.rewriteperf.analysis.project;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The profiles of a pom, read from its text, that a JDK activates and that set what the compiler compiles for: a
 * {@code maven-compiler-plugin} with a {@code release}, {@code source} or {@code target}, a {@code maven.compiler}
 * property, or a property the pom's compiler settings name ({@code ${javac.target}}). Read as text because
 * OpenRewrite's model of a pom as written gives every profile the base build's plugins.
 */
final class JdkProfiles {

    private static final Pattern PROFILE = Pattern.compile("<profile>(.*?)</profile>", Pattern.DOTALL);
    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
    private static final Pattern ID = Pattern.compile("<id>\\s*([^<]*?)\\s*</id>");
    private static final Pattern JDK = Pattern.compile("<activation>.*?<jdk>\\s*([^<]*?)\\s*</jdk>.*?</activation>", Pattern.DOTALL);
    private static final Pattern COMPILER = Pattern.compile("maven-compiler-plugin.*?<(release|source|target)>", Pattern.DOTALL);
    private static final Pattern PROPERTIES = Pattern.compile("<properties>(.*?)</properties>", Pattern.DOTALL);
    private static final Pattern PROPERTY = Pattern.compile("<([\\w.-]+)>");

    private JdkProfiles() {
    }

    /** {@code `java17` (JDK 17)} for each such profile of the pom whose text is {@code pom}. */
    static List<String> settingTheCompiler(String pom) {
        String text = COMMENT.matcher(pom).replaceAll("");
        List<String> profiles = new ArrayList<>();
        Matcher profile = PROFILE.matcher(text);
        while (profile.find()) {
            String body = profile.group(1);
            Matcher jdk = JDK.matcher(body);
            if (jdk.find() && setsTheCompiler(body, text)) {
                Matcher id = ID.matcher(body);
                profiles.add("`" + (id.find() ? id.group(1) : "?") + "` (JDK " + jdk.group(1) + ")");
            }
        }
        return profiles;
    }

    private static boolean setsTheCompiler(String profile, String pom) {
        if (COMPILER.matcher(profile).find()) {
            return true;
        }
        Matcher properties = PROPERTIES.matcher(profile);
        while (properties.find()) {
            Matcher property = PROPERTY.matcher(properties.group(1));
            while (property.find()) {
                String name = property.group(1);
                if (name.startsWith("maven.compiler.") ||
                    Pattern.compile("<(release|source|target)>\\s*\\$\\{" + Pattern.quote(name) + "}").matcher(pom).find()) {
                    return true;
                }
            }
        }
        return false;
    }
}
