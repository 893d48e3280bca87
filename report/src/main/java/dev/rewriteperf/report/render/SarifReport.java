package dev.rewriteperf.report.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.ServiceResult;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The report as SARIF 2.1.0 ({@code report.sarif}, and {@code sarif/SERVICE.sarif} for each service's own repository
 * to upload), the form code-scanning pages and IDEs read: one run per service,
 * one rule per recipe, and one result per spot: a change as a warning whose message is what the code becomes, a spot
 * left alone as a note whose message is the reason. Each result is placed at the spot's file (relative to the root
 * of the service's repository, {@code %SRCROOT%}) and line, with its method as the logical location. A row without a line (a table
 * written by a pack older than that column) is placed at its file alone.
 */
public final class SarifReport {

    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    static final String TOOL = "rewrite-performance";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SarifReport() {
    }

    /** Every service's run in one log ({@code report.sarif}). */
    public static String render(Report report) {
        return render(report.services(), report.gains());
    }

    /**
     * The log of {@code services}: one run each, except a service whose run failed, timed out or was interrupted: an
     * empty run would tell a code-scanning page that its earlier findings are fixed.
     */
    public static String render(List<ServiceResult> services, Gains gains) {
        ObjectNode log = JSON.createObjectNode();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        ArrayNode runs = log.putArray("runs");
        for (ServiceResult service : services) {
            if (service.status().hasFindings()) {
                runs.add(run(service, gains));
            }
        }
        try {
            return JSON.writeValueAsString(log) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode run(ServiceResult service, Gains gains) {
        ObjectNode run = JSON.createObjectNode();
        List<String> rules = new ArrayList<>();
        service.candidates().stream().map(Candidate::recipe).distinct().sorted().forEach(rules::add);
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", TOOL);
        driver.put("semanticVersion", "0.1.0");
        ArrayNode ruleNodes = driver.putArray("rules");
        for (String recipe : rules) {
            ruleNodes.add(rule(recipe, gains));
        }
        // Distinct per service, so that a code-scanning page keeps one service's results apart from another's.
        run.putObject("automationDetails").put("id", TOOL + "/" + service.name() + "/");
        run.putObject("properties").put("service", service.name()).put("status", service.status().text());
        ArrayNode results = run.putArray("results");
        for (Candidate candidate : service.candidates()) {
            results.add(result(candidate, rules.indexOf(candidate.recipe()), service.repositoryPath()));
        }
        return run;
    }

    private static ObjectNode rule(String recipe, Gains gains) {
        ObjectNode rule = JSON.createObjectNode();
        String simpleName = recipe.substring(recipe.lastIndexOf('.') + 1);
        rule.put("id", recipe);
        rule.put("name", simpleName);
        rule.putObject("shortDescription").put("text", words(simpleName));
        String measured = gains.headlineText(recipe);
        if (!measured.isEmpty()) {
            rule.putObject("fullDescription").put("text", "Measured: " + measured);
        }
        rule.putObject("defaultConfiguration").put("level", "warning");
        String[] parts = recipe.split("\\.");
        rule.putObject("properties").putArray("tags").add("performance").add(parts.length >= 2 ? parts[parts.length - 2] : "");
        return rule;
    }

    private static ObjectNode result(Candidate candidate, int ruleIndex, String repositoryPath) {
        ObjectNode result = JSON.createObjectNode();
        result.put("ruleId", candidate.recipe());
        result.put("ruleIndex", ruleIndex);
        // kind stays "fail" (the default): a spot the recipe rewrites, or one it could not show safe, is a finding;
        // the level tells them apart, a change a warning and a spot left alone a note.
        result.put("level", candidate.changed() ? "warning" : "note");
        result.putObject("message").put("text", candidate.changed()
                ? "`" + candidate.code() + "` becomes `" + candidate.replacement() + "`"
                : "Left alone: " + candidate.reason() + " (`" + candidate.code() + "`)");
        ObjectNode location = result.putArray("locations").addObject();
        ObjectNode physical = location.putObject("physicalLocation");
        physical.putObject("artifactLocation").put("uri", uri(repositoryPath + candidate.sourcePath()))
                .put("uriBaseId", "%SRCROOT%");
        if (candidate.line() > 0) {
            physical.putObject("region").put("startLine", candidate.line());
        }
        if (!candidate.location().isEmpty()) {
            location.putArray("logicalLocations").addObject().put("fullyQualifiedName", candidate.location())
                    .put("kind", candidate.location().contains("#") ? "function" : "type");
        }
        // The same spot keeps its identity across runs while its code stays, wherever its line moves.
        result.putObject("partialFingerprints").put("rewritePerformanceSpot/v1",
                fingerprint(candidate.recipe(), candidate.sourcePath(), candidate.location(), candidate.code()));
        ObjectNode properties = result.putObject("properties").put("changed", candidate.changed());
        if (candidate.heat() != null) {
            properties.put("sampledBytes", candidate.heat().sampledBytes()).put("share", candidate.heat().share())
                    .put("cpuShare", candidate.heat().cpuShare());
        }
        return result;
    }

    /** A relative URI reference for a repository path: forward slashes, each segment percent-encoded where it must be. */
    static String uri(String path) {
        StringBuilder uri = new StringBuilder();
        for (String segment : path.replace('\\', '/').split("/", -1)) {
            if (uri.length() > 0) {
                uri.append('/');
            }
            uri.append(URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return uri.toString();
    }

    private static String fingerprint(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] digest = sha.digest(String.join("\u0000", parts).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code Inline objects hash} for {@code InlineObjectsHash}. */
    static String words(String simpleName) {
        String spaced = simpleName.replaceAll("(?<=[a-z0-9])(?=[A-Z])", " ").toLowerCase(java.util.Locale.ROOT);
        return spaced.isEmpty() ? simpleName : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }
}
