package com.acme.resolver.wire;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Resource record types the resolver knows by name. Unknown types pass through as numbers. */
public enum RecordType {
    A(1), NS(2), CNAME(5), SOA(6), PTR(12), MX(15), TXT(16), AAAA(28), SRV(33), OPT(41), ANY(255);

    private static final Map<Integer, RecordType> BY_CODE;
    private static final Map<String, RecordType> BY_MNEMONIC;

    static {
        RecordType[] all = values();
        Map<Integer, RecordType> byCode = new HashMap<>();
        for (RecordType t : all) {
            byCode.put(t.code, t);
        }
        BY_CODE = byCode;

        List<RecordType> known = Arrays.asList(all);
        Map<String, RecordType> byMnemonic = new HashMap<>(known.size());
        for (RecordType t : known) {
            byMnemonic.put(t.name(), t);
        }
        BY_MNEMONIC = byMnemonic;
    }

    public final int code;

    RecordType(int code) {
        this.code = code;
    }

    public static RecordType fromCode(int code) {
        return BY_CODE.get(code);
    }

    public static RecordType fromMnemonic(String mnemonic) {
        return BY_MNEMONIC.get(mnemonic.toUpperCase(Locale.ROOT));
    }

    /**
     * Presentation form of a type code: the mnemonic, or the RFC 3597 {@code TYPEnnn} form for
     * codes we have no name for. Used as the {@code qtype} label of every query counted.
     */
    public static String toString(int code) {
        RecordType known = BY_CODE.get(code);
        if (known != null) {
            return known.name();
        }
        return String.format("TYPE%s", code);
    }
}
