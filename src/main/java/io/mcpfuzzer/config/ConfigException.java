package io.mcpfuzzer.config;

import java.util.List;
import java.util.stream.Collectors;

/** Configuration is invalid; carries every problem found (never empty). */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<ConfigProblem> problems;

    public ConfigException(List<ConfigProblem> problems) {
        super(problems.stream().map(ConfigProblem::toString).collect(Collectors.joining(System.lineSeparator())));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("no problems");
        }
        this.problems = List.copyOf(problems);
    }

    public ConfigException(ConfigProblem problem) {
        this(List.of(problem));
    }

    public List<ConfigProblem> problems() {
        return problems;
    }

    /** True when the only problems are stdio command-syntax errors (exit 1 rather than 2). */
    public boolean onlyEndpointSyntax() {
        return problems.stream().allMatch(p -> p.kind() == ConfigProblem.Kind.ENDPOINT);
    }
}
