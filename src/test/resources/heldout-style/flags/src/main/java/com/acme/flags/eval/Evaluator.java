package com.acme.flags.eval;

import com.acme.flags.events.ExposureTracker;
import com.acme.flags.model.EvaluationContext;
import com.acme.flags.model.FlagDefinition;
import com.acme.flags.model.TargetingRule;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Evaluates flags for contexts: rules first, then the percentage rollout, then the fallthrough. */
public final class Evaluator {

    private static final Logger LOG = Logger.getLogger(Evaluator.class.getName());

    public enum Reason { OFF, RULE_MATCH, ROLLOUT, FALLTHROUGH, ERROR }

    /** Attributes every context has without the application sending them. */
    enum BuiltinAttribute {
        KEY("key"), KIND("kind"), IP("ip"), COUNTRY("country"), USER_AGENT("userAgent");

        final String attributeName;

        BuiltinAttribute(String attributeName) {
            this.attributeName = attributeName;
        }
    }

    private static final Set<String> BUILTIN_ATTRIBUTES = EnumSet.allOf(BuiltinAttribute.class).stream()
            .map(a -> a.attributeName)
            .collect(Collectors.toSet());

    /** Thrown for a flag key the current snapshot does not know; the server answers 404. */
    public static final class UnknownFlagException extends RuntimeException {
        public UnknownFlagException(String message) {
            super(message);
        }
    }

    /** The outcome of one evaluation. */
    public static final class Result {
        private final String flagKey;
        private final String value;
        private final int variation;
        private final Reason reason;
        private final int ruleIndex;
        private final long flagVersion;

        Result(String flagKey, String value, int variation, Reason reason, int ruleIndex, long flagVersion) {
            this.flagKey = flagKey;
            this.value = value;
            this.variation = variation;
            this.reason = reason;
            this.ruleIndex = ruleIndex;
            this.flagVersion = flagVersion;
        }

        public String flagKey() {
            return flagKey;
        }

        public String value() {
            return value;
        }

        public int variation() {
            return variation;
        }

        public Reason reason() {
            return reason;
        }

        public int ruleIndex() {
            return ruleIndex;
        }

        public long flagVersion() {
            return flagVersion;
        }

        @Override
        public String toString() {
            return flagKey + "=" + value + " (" + reason + ", rule " + ruleIndex + ", v" + flagVersion + ")";
        }
    }

    /** Key of the short-lived result cache: same flag version, same context, same answer. */
    static final class CacheKey {
        private final String flagKey;
        private final long flagVersion;
        private final EvaluationContext context;

        CacheKey(String flagKey, long flagVersion, EvaluationContext context) {
            this.flagKey = flagKey;
            this.flagVersion = flagVersion;
            this.context = context;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof CacheKey)) {
                return false;
            }
            CacheKey k = (CacheKey) o;
            return flagVersion == k.flagVersion && flagKey.equals(k.flagKey) && context.equals(k.context);
        }

        @Override
        public int hashCode() {
            return Objects.hash(flagKey, flagVersion, context);
        }
    }

    private final Supplier<Map<String, FlagDefinition>> flags;
    private final Bucketer bucketer;
    private final ExposureTracker tracker;
    private final Map<CacheKey, Result> recent = new ConcurrentHashMap<>();

    public Evaluator(Supplier<Map<String, FlagDefinition>> flags, Bucketer bucketer, ExposureTracker tracker) {
        this.flags = flags;
        this.bucketer = bucketer;
        this.tracker = tracker;
    }

    public FlagDefinition flag(String flagKey) {
        FlagDefinition flag = flags.get().get(flagKey);
        if (flag == null) {
            throw new UnknownFlagException(String.format("no flag named '%s' in the current snapshot", flagKey));
        }
        return flag;
    }

    /** Evaluates one flag for one context and records the exposure; once per flag per request. */
    public Result evaluate(String flagKey, EvaluationContext ctx) {
        return evaluate(flag(flagKey), ctx, true);
    }

    Result evaluate(FlagDefinition flag, EvaluationContext ctx, boolean track) {
        String flagKey = flag.key();
        long version = flag.version();
        String contextKey = ctx.key();
        LOG.fine(String.format("evaluating %s v%s for %s", flagKey, version, contextKey));
        CacheKey cacheKey = new CacheKey(flagKey, version, ctx);
        Result result = recent.get(cacheKey);
        if (result == null) {
            try {
                result = compute(flag, ctx);
            } catch (RuntimeException e) {
                String failure = e.getClass().getSimpleName();
                int errorId = Objects.hash(flagKey, version, failure);
                LOG.log(Level.WARNING, String.format("evaluation %s of %s failed with %s, serving the off variation",
                        errorId, flagKey, failure) + " for " + ctx, e);
                int off = flag.offVariation();
                result = new Result(flagKey, flag.variation(off), off, Reason.ERROR, -1, version);
            }
            if (recent.size() > 50_000) {
                recent.clear();
            }
            recent.put(cacheKey, result);
        }
        if (track) {
            tracker.track(result.flagKey(), result.value(), result.variation(), ctx);
        }
        return result;
    }

    private Result compute(FlagDefinition flag, EvaluationContext ctx) {
        if (!flag.on()) {
            int off = flag.offVariation();
            return new Result(flag.key(), flag.variation(off), off, Reason.OFF, -1, flag.version());
        }
        List<TargetingRule> rules = flag.rules();
        for (int i = 0; i < rules.size(); i++) {
            TargetingRule rule = rules.get(i);
            if (rule.matches(ctx)) {
                int v = rule.variation();
                return new Result(flag.key(), flag.variation(v), v, Reason.RULE_MATCH, i, flag.version());
            }
        }
        int[] weights = flag.rolloutWeights();
        if (weights.length == 0) {
            return new Result(flag.key(), flag.variation(0), 0, Reason.FALLTHROUGH, -1, flag.version());
        }
        String bucketBy = ctx.stringAttribute(flag.bucketBy());
        if (bucketBy == null) {
            bucketBy = ctx.key();
        }
        int v = Bucketer.variationFor(bucketer.bucket(flag.key(), flag.salt(), bucketBy), weights);
        return new Result(flag.key(), flag.variation(v), v, Reason.ROLLOUT, -1, flag.version());
    }

    /** Every flag for one context: the bootstrap payload of the browser SDK, one call per page load. */
    public Map<String, String> evaluateAll(EvaluationContext ctx) {
        Collection<FlagDefinition> all = flags.get().values();
        Map<String, String> values = new HashMap<>(all.size());
        for (FlagDefinition flag : all) {
            values.put(flag.key(), evaluate(flag, ctx, false).value());
        }
        return values;
    }

    /** Attributes the flag's rules read that the context lacks; part of every ?explain=true answer. */
    public List<String> missingAttributes(FlagDefinition flag, EvaluationContext ctx) {
        Set<String> needed = flag.rules().stream()
                .map(TargetingRule::attribute)
                .collect(Collectors.toSet());
        needed.removeAll(BUILTIN_ATTRIBUTES);
        needed.removeIf(ctx::has);
        List<String> sorted = new ArrayList<>(needed);
        Collections.sort(sorted);
        return sorted;
    }

    /** Rule ids of a flag in evaluation order; part of every ?explain=true answer. */
    public List<String> ruleIds(FlagDefinition flag) {
        return flag.rules().stream()
                .map(TargetingRule::id)
                .collect(Collectors.toList());
    }
}
