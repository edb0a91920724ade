package io.mcpfuzzer.fuzz.targets;

import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.process.ManagedProcess;
import io.mcpfuzzer.process.ProcessManager;
import io.mcpfuzzer.process.ProcessResult;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A local stdio server incarnation supervised by the process runtime. */
final class StdioTarget implements Target {
    private final ProcessManager manager;
    private final ManagedProcess process;
    private final McpSession session;

    StdioTarget(ProcessManager manager, ManagedProcess process, McpSession session) {
        this.manager = manager;
        this.process = process;
        this.session = session;
    }

    @Override
    public McpSession session() {
        return session;
    }

    @Override
    public CrashInfo crashInfo() {
        try {
            ProcessResult r = process.onExit().get(3, TimeUnit.SECONDS);
            return new CrashInfo(r.exitCode(), r.signalName(), r.signalSentByUs() || r.stopReason() != null,
                    r.stderrTail(), r.stopReason());
        } catch (TimeoutException | ExecutionException e) {
            return CrashInfo.unknown(process.stderrTail());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CrashInfo.unknown(process.stderrTail());
        }
    }

    @Override
    public String stderrTail() {
        return process.stderrTail();
    }

    @Override
    public void kill(String reason) {
        manager.stopProcess(process.pid(), true);
        session.rpc().close();
    }

    @Override
    public long rssKb() {
        return manager.rssKb(process.pid()).orElse(-1);
    }

    @Override
    public void close() {
        session.rpc().transport().close();
        manager.stopProcess(process.pid(), false);
        session.rpc().close();
    }
}
