package io.mcpfuzzer.oracle.audit;

import java.util.List;

/** The names of the poisoning markers found in a text, for tests of {@link InjectionMarkers}. */
final class MarkerNames {
    private MarkerNames() {}

    static List<String> of(String text) {
        return InjectionMarkers.scan(InjectionMarkers.POISONING, text, 10).stream().map(InjectionMarkers.Hit::marker)
                .toList();
    }
}
