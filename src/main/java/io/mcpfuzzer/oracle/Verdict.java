package io.mcpfuzzer.oracle;

import java.util.List;

/** The classifier's judgement of one run: an outcome word and zero or more findings. */
public record Verdict(String outcome, List<Finding> findings) {
    public Verdict {
        findings = List.copyOf(findings);
    }
}
