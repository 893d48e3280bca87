package dev.rewriteperf.benchmarks.hotpaths.shareunconfiguredobjectmapper;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Map;

/** An audit event written as JSON: once per request. */
public class After {

    private static final ObjectMapper OBJECT_MAPPER = new ObjectMapper();

    public static String toJson(Map<String, Object> event) throws JsonProcessingException {
        return OBJECT_MAPPER.writeValueAsString(event);
    }
}
