package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mcpfuzzer.safety.fixtures.LoopbackClient;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/** A target under {@code --no-network} must not reach a listener on the host's loopback (outside its namespace). */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:NetworkContainmentTest")
class NetworkContainmentTest {
    @TempDir
    Path tmp;
    private ServerSocket listener;
    private final AtomicInteger accepted = new AtomicInteger();
    private Thread acceptor;

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        listener.setSoTimeout(200);
        acceptor = new Thread(() -> {
            while (!listener.isClosed()) {
                try (Socket s = listener.accept()) {
                    accepted.incrementAndGet();
                } catch (SocketTimeoutException e) {
                    // poll again
                } catch (IOException e) {
                    return;
                }
            }
        }, "test-acceptor");
        acceptor.start();
    }

    @AfterEach
    void close() throws Exception {
        listener.close();
        acceptor.join(10_000);
    }

    private List<String> client() {
        return JavaCommand.of(LoopbackClient.class, "127.0.0.1", String.valueOf(listener.getLocalPort()));
    }

    @Test
    void controlWithoutNoNetworkTheTargetReachesTheListener() throws Exception {
        try (SafetyContext ctx = SafetyContext.open(SafetyOptions.builder().stateDir(tmp.resolve("s")).build())) {
            LaunchPlan plan = ctx.plan(client());
            assertThat(plan.inEffect("network")).isFalse();
            Children.Result r = Children.run(plan);
            assertThat(r.output()).contains("SELF OK", "CONNECTED");
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() -> accepted.get() == 1);
        }
    }

    @Test
    void noNetworkPlanKeepsTheTargetOffTheHostLoopback() throws Exception {
        SafetyOptions opts = SafetyOptions.builder().noNetwork(true).stateDir(tmp.resolve("s")).build();
        try (SafetyContext ctx = SafetyContext.open(opts)) {
            LaunchPlan plan = ctx.plan(client());
            Containment net = plan.containment("network").orElseThrow();
            ContainmentProbe probe = ContainmentProbe.get();
            assertThat(net.inEffect()).as("in effect exactly when a mechanism was probed to work")
                    .isEqualTo(probe.unsharePrefix().isPresent() || probe.bwrap().isPresent());
            if (!net.inEffect()) {
                assertThat(net.detail()).contains("CAN reach the network");
                assertThat(plan.command()).isEqualTo(client());
            }
            // the honest plan is checked above; the containment itself can only be checked where it works
            assumeTrue(net.inEffect(), "no network namespace on this machine: " + net.detail());
            Children.Result r = Children.run(plan);
            assertThat(r.output()).contains("FAILED").doesNotContain("CONNECTED");
            if (plan.inEffect("network-loopback") || plan.containment("network-loopback").isEmpty()) {
                assertThat(r.output()).contains("SELF OK");
            }
            assertThat(accepted.get()).isZero();
        }
    }

    @Test
    void bwrapSandboxAlsoKeepsTheTargetOffTheNetwork() throws Exception {
        SafetyOptions opts = SafetyOptions.builder().noNetwork(true).sandbox(SandboxMode.AUTO)
                .stateDir(tmp.resolve("s")).build();
        try (SafetyContext ctx = SafetyContext.open(opts)) {
            LaunchPlan plan = ctx.plan(client());
            assertThat(plan.inEffect("filesystem")).isEqualTo(ContainmentProbe.get().bwrap().isPresent());
            if (!plan.inEffect("filesystem")) {
                assertThat(plan.containment("filesystem").orElseThrow().detail()).contains("bubblewrap unavailable");
            }
            assumeTrue(plan.inEffect("filesystem"), "bubblewrap does not work here: " + ContainmentProbe.get().bwrapDetail());
            assertThat(plan.command().get(0)).endsWith("bwrap");
            Children.Result r = Children.run(plan);
            assertThat(r.output()).contains("SELF OK", "FAILED").doesNotContain("CONNECTED");
            assertThat(accepted.get()).isZero();
        }
    }

    @Test
    void planIsHonestWhenNoNamespaceCanBeCreated() {
        SafetyOptions opts = SafetyOptions.builder().noNetwork(true).sandbox(SandboxMode.AUTO).stateDir(tmp.resolve("s")).build();
        try (SafetyContext ctx = SafetyContext.open(opts, ContainmentProbe.nothingWorks("unshare: Operation not permitted"),
                Map.of())) {
            LaunchPlan plan = ctx.plan(List.of("server", "--stdio"));
            assertThat(plan.command()).containsExactly("server", "--stdio");
            assertThat(plan.inEffect("network")).isFalse();
            assertThat(plan.inEffect("filesystem")).isFalse();
            assertThat(plan.containment("network").orElseThrow().detail())
                    .contains("Operation not permitted", "CAN reach the network");
            assertThat(ctx.report().consoleSummary()).contains("network: NOT in effect");
        }
    }

    @Test
    void probeOnThisMachineIsReported() {
        ContainmentProbe probe = ContainmentProbe.get();
        System.out.println("containment probe: unshare=" + probe.unsharePrefix() + " loUp=" + probe.unshareLoUp()
                + " (" + probe.unshareDetail() + "); bwrap=" + probe.bwrap() + " (" + probe.bwrapDetail() + ")");
        // the detail must tell what the probe decided: a mechanism is offered exactly when its probe saw an isolated net
        if (probe.unsharePrefix().isPresent()) {
            assertThat(probe.unsharePrefix().get().get(0)).endsWith("unshare");
            assertThat(probe.unsharePrefix().get()).contains("--net");
            assertThat(probe.unshareDetail()).contains(": isolated;");
        } else {
            assertThat(probe.unshareDetail()).doesNotContain(": isolated;").isNotBlank();
        }
        if (probe.bwrap().isPresent()) {
            assertThat(probe.bwrap().get().getFileName()).hasToString("bwrap");
            assertThat(probe.bwrapDetail()).isEqualTo("bwrap --ro-bind / / --unshare-net: isolated");
        } else {
            assertThat(probe.bwrapDetail()).doesNotEndWith(": isolated").isNotBlank();
        }
    }
}
