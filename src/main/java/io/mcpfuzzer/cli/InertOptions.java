package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.OptionDef;
import io.mcpfuzzer.config.Options;
import io.mcpfuzzer.config.Origin;
import io.mcpfuzzer.config.Settings;
import java.util.ArrayList;
import java.util.List;

/**
 * Options accepted for compatibility with the Python tool's command line and config files that change nothing
 * here: {@code --stateful}, {@code --stateful-runs}, {@code --havoc} and {@code --corpus}. Given explicitly (on the
 * command line, in a config file or the environment), each gets a warning that says so and what this tool does
 * instead, so that nobody reads a run as having done what it did not. Stateless.
 */
final class InertOptions {
    private InertOptions() {}

    /** The warnings for the inert options {@code settings} set explicitly; empty when none. Not null. */
    static List<String> warnings(Settings settings) {
        List<String> out = new ArrayList<>();
        Settings.Fuzzing f = settings.fuzzing();
        if (explicit(settings, Options.STATEFUL) && f.stateful() || explicit(settings, Options.STATEFUL_RUNS)) {
            out.add("--stateful and --stateful-runs have no effect here: the Python tool's learned protocol sequences "
                    + "are not implemented; tool workflows are chained anyway (ids one tool hands out are passed to "
                    + "later tools' id parameters, always on)");
        }
        if (explicit(settings, Options.HAVOC) && f.havoc()) {
            out.add("--havoc has no effect here: aggressive inputs come from the hostile-value strategies and the "
                    + "coverage pass's edge classes, not from stacked corpus mutations");
        }
        if (explicit(settings, Options.CORPUS) && f.corpus()) {
            out.add("--corpus has no effect here: no corpus is kept between runs; every finding carries its input and "
                    + "'mcp-fuzzer replay' re-sends it");
        }
        return out;
    }

    private static boolean explicit(Settings settings, OptionDef<?> option) {
        Origin origin = settings.provenance().origins().get(option.key());
        return origin != null && origin.isExplicit();
    }
}
