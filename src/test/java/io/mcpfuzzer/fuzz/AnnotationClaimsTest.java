package io.mcpfuzzer.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A hint counts only as a JSON boolean: the determinism probe and the annotation audit read it alike. */
class AnnotationClaimsTest {
    private static JsonNode tool(String annotations) {
        return Json.parse("{\"name\":\"t\",\"annotations\":" + annotations + "}");
    }

    @Test
    void onlyAJsonBooleanClaims() {
        assertTrue(AnnotationProbe.claims(tool("{\"readOnlyHint\":true}"), "readOnlyHint", true));
        assertFalse(AnnotationProbe.claims(tool("{\"readOnlyHint\":\"true\"}"), "readOnlyHint", true));
        assertFalse(AnnotationProbe.claims(tool("{\"readOnlyHint\":1}"), "readOnlyHint", true));
        assertFalse(AnnotationProbe.claims(tool("{}"), "readOnlyHint", true));
        assertTrue(AnnotationProbe.claims(tool("{\"destructiveHint\":false}"), "destructiveHint", false));
        assertFalse(AnnotationProbe.claims(tool("{\"destructiveHint\":null}"), "destructiveHint", false));
    }
}
