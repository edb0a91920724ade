package io.mcpfuzzer.safety;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How to start one local (stdio) target safely. Immutable. The campaign hands it to the process
 * layer as: command = {@link #command()}, {@code inheritEnvironment(false)} with exactly
 * {@link #environment()}, cwd = {@link #workingDirectory()}.
 *
 * @param command          the wrapped command line (containment prefix + the user's command)
 * @param environment      the complete environment of the target
 * @param workingDirectory the target's working directory
 * @param containments     every control and whether it is really in effect (never optimistic)
 * @param shimLog          the command-shim log, or null without shims
 */
public record LaunchPlan(List<String> command, Map<String, String> environment, Path workingDirectory,
        List<Containment> containments, Path shimLog) {

    public LaunchPlan {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
        containments = List.copyOf(containments);
    }

    /** The record for one control, e.g. {@code network}. */
    public Optional<Containment> containment(String name) {
        return containments.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** True when that control is present and in effect. */
    public boolean inEffect(String name) {
        return containment(name).map(Containment::inEffect).orElse(false);
    }

    /** One line per control, for logs and the console. */
    public String describe() {
        return containments.stream().map(Containment::describe).collect(Collectors.joining("\n"));
    }
}
