package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.Campaign;
import io.mcpfuzzer.fuzz.CampaignResult;
import io.mcpfuzzer.fuzz.FuzzMode;
import java.io.PrintStream;
import java.util.Map;

/**
 * The {@code --tool} selection after a run: every selected tool the server does not list is
 * warned about on stderr (with the tools that do exist), and a selection of which no tool exists
 * is a usage error (exit 2), not an empty successful run. Stateless.
 */
final class ToolSelection {
    private ToolSelection() {}

    /**
     * @param code the exit code decided so far
     * @return {@code code}, or {@link ExitCodes#USAGE} when tools were selected, the server listed
     *     tools, and none of the selected ones was among them
     */
    static int check(Settings s, CampaignResult result, PrintStream err, int code) {
        if (FuzzRunner.config(s).tools().isEmpty() || !FuzzRunner.config(s).includes(FuzzMode.TOOLS)) {
            return code;
        }
        boolean warned = false;
        for (String w : result.warnings()) {
            if (w.startsWith(Campaign.UNKNOWN_TOOL_WARNING)) {
                err.println("mcp-fuzzer: warning: " + w);
                warned = true;
            }
        }
        if (warned && result.tools().isEmpty() && listedCount(result) > 0 && "completed".equals(result.status())) {
            err.println("mcp-fuzzer: none of the tools selected with --tool exists on the server; nothing was fuzzed");
            return ExitCodes.USAGE;
        }
        return code;
    }

    private static int listedCount(CampaignResult result) {
        Object discovery = result.extra().get("tool_discovery");
        if (discovery instanceof Map<?, ?> m && m.get("tool_count") instanceof Number n) {
            return n.intValue();
        }
        return 0;
    }
}
