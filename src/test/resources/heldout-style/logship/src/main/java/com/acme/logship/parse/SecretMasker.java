package com.acme.logship.parse;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Masks credentials before anything leaves the host. {@link #maskLine} runs on every raw
 * line, {@link #maskFields} on every parsed event.
 */
public class SecretMasker {

    private static final Set<String> DEFAULT_SECRET_KEYS = Arrays.asList("Password", "Passwd", "Secret", "Token", "Api_Key")
            .stream().map(String::toLowerCase).collect(Collectors.toSet());

    private final Set<String> secretKeys;
    private final int keepPrefix;

    /** Built once by the agent from the {@code mask:} section of the config. */
    public SecretMasker(Collection<String> extraKeys, int keepPrefix) {
        Set<String> keys = new HashSet<>();
        keys.addAll(extraKeys);
        keys.addAll(DEFAULT_SECRET_KEYS);
        this.secretKeys = Collections.unmodifiableSet(keys);
        this.keepPrefix = keepPrefix;
    }

    public String maskLine(String line) {
        String masked = line.replaceAll("(?i)(password|passwd|pwd|secret)=[^\\s&;]+", "$1=****");
        return masked.replaceAll("(?i)authorization: bearer [A-Za-z0-9._~+/-]+=*", "Authorization: Bearer ****");
    }

    public Map<String, String> maskFields(Map<String, String> fields) {
        Map<String, String> masked = new LinkedHashMap<>();
        for (String name : fields.keySet()) {
            String value = fields.get(name);
            masked.put(name, isSecret(name) ? mask(value) : value);
        }
        return masked;
    }

    boolean isSecret(String name) {
        return secretKeys.contains(name) || name.matches("(?i).*(secret|token|passw(or)?d|api[_-]?key).*");
    }

    String mask(String value) {
        int keep = Math.min(keepPrefix, value.length() / 4);
        StringBuilder out = new StringBuilder(value.length());
        out.append(value.substring(0, keep));
        for (int i = keep; i < value.length(); i++) {
            out.append('*');
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return "SecretMasker[" + secretKeys.size() + " keys, keep " + keepPrefix + "]";
    }
}
