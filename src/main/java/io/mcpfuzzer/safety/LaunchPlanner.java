package io.mcpfuzzer.safety;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds {@link LaunchPlan}s from the options and what the {@link ContainmentProbe} found to work.
 * Choice of mechanisms:
 * <ul>
 *   <li>filesystem: bwrap (read-only {@code /}, private {@code /tmp}, writable state dir and
 *       fs-root) for {@code --sandbox bwrap} (or a {@link SafetyException}) and for {@code auto}
 *       when it works;</li>
 *   <li>network ({@code --no-network}): the bwrap sandbox's {@code --unshare-net} when the
 *       filesystem sandbox is used; else {@code unshare --net} (user namespace first), wrapped in
 *       {@code sh -c 'ip link set lo up; exec "$@"'}; else a network-only bwrap; else not contained,
 *       and the plan says so.</li>
 * </ul>
 * Thread-safe (immutable).
 */
final class LaunchPlanner {
    private static final List<String> BIN_DIRS = List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin",
            "/usr/bin", "/sbin", "/bin");

    private final SafetyOptions opts;
    private final ContainmentProbe probe;
    private final Path stateDir;
    private final CommandShims shims;
    private final PathSandbox fsRoot;
    private final Map<String, String> parentEnv;

    LaunchPlanner(SafetyOptions opts, ContainmentProbe probe, Path stateDir, CommandShims shims, PathSandbox fsRoot,
            Map<String, String> parentEnv) {
        this.opts = opts;
        this.probe = probe;
        this.stateDir = stateDir;
        this.shims = shims;
        this.fsRoot = fsRoot;
        this.parentEnv = parentEnv;
    }

    LaunchPlan plan(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        Path wd = (opts.workingDir() != null ? opts.workingDir() : Path.of("")).toAbsolutePath().normalize();
        Map<String, String> env = EnvironmentPolicy.build(parentEnv, stateDir.resolve("home"), stateDir.resolve("tmp"),
                shims == null ? null : shims.directory(), opts.env(), opts.passEnv());
        List<Containment> cs = new ArrayList<>();
        cs.add(Containment.on("environment", "minimal environment (" + String.join(", ", env.keySet())
                + "); nothing else inherited"));

        boolean fsBwrap = switch (opts.sandbox()) {
            case NONE -> false;
            case AUTO -> probe.bwrap().isPresent();
            case BWRAP -> {
                if (probe.bwrap().isEmpty()) {
                    throw new SafetyException("--sandbox bwrap was requested but bubblewrap does not work here: "
                            + probe.bwrapDetail());
                }
                yield true;
            }
        };
        List<String> prefix = new ArrayList<>();
        boolean shimsOverlaid = false;
        if (fsBwrap) {
            prefix.addAll(bwrapFilesystem(wd, command));
            shimsOverlaid = shims != null && addShimOverlays(prefix);
            cs.add(Containment.on("filesystem", "bwrap: read-only system, private /tmp; writable: "
                    + (fsRoot != null ? fsRoot.root() + ", " : "") + stateDir));
        } else {
            cs.add(Containment.off("filesystem", opts.sandbox() == SandboxMode.NONE
                    ? "--sandbox none: the target can write wherever its user can"
                    : "--sandbox auto: bubblewrap unavailable (" + probe.bwrapDetail() + "); the target can write wherever its user can"));
        }
        List<String> netWrap = new ArrayList<>();
        addNetwork(cs, fsBwrap, prefix, netWrap);
        if (fsBwrap) {
            prefix.add("--");
        }
        if (shims != null) {
            cs.add(Containment.on("command-shims", shims.names().size() + " commands shimmed first on PATH"
                    + (shimsOverlaid ? " and mounted over the real binaries" : "; absolute paths (/usr/bin/curl) bypass them")));
        } else {
            cs.add(Containment.off("command-shims", "not enabled (--enable-safety-system)"));
        }
        cs.add(fsRoot != null ? Containment.on("path-sandbox", "path arguments confined to " + fsRoot.root())
                : Containment.off("path-sandbox", "no --fs-root: path arguments are not confined"));
        cs.add(opts.argumentRules() ? Containment.on("argument-rules", "destructive-command, sensitive-file"
                + (opts.noNetwork() ? ", network-url" : "")) : Containment.off("argument-rules", "--no-safety"));

        List<String> full = new ArrayList<>(prefix);
        full.addAll(netWrap);
        full.addAll(command);
        return new LaunchPlan(full, env, wd, cs, shims == null ? null : shims.logFile());
    }

    private void addNetwork(List<Containment> cs, boolean fsBwrap, List<String> prefix, List<String> netWrap) {
        if (!opts.noNetwork()) {
            cs.add(Containment.off("network", "network allowed (no --no-network)"));
            return;
        }
        if (fsBwrap) {
            prefix.add("--unshare-net");
            cs.add(Containment.on("network", "private network namespace (bwrap --unshare-net): only loopback, up"));
        } else if (probe.unsharePrefix().isPresent()) {
            netWrap.addAll(probe.unsharePrefix().get());
            netWrap.add("--");
            if (probe.ip().isPresent() && probe.unshareLoUp()) {
                netWrap.addAll(List.of(probe.sh().toString(), "-c",
                        ProbeRunner.shellQuote(probe.ip().get().toString()) + " link set lo up 2>/dev/null; exec \"$@\"", "sh"));
            }
            cs.add(Containment.on("network", "private network namespace (" + String.join(" ", probe.unsharePrefix().get())
                    + "): only loopback"));
            cs.add(probe.unshareLoUp() ? Containment.on("network-loopback", "loopback brought up inside the namespace")
                    : Containment.off("network-loopback", "loopback stays down inside the namespace ("
                            + (probe.ip().isEmpty() ? "no ip command" : "ip link set lo up failed")
                            + "): the target cannot even use 127.0.0.1"));
        } else if (probe.bwrap().isPresent()) {
            prefix.addAll(List.of(probe.bwrap().get().toString(), "--die-with-parent", "--dev-bind", "/", "/",
                    "--unshare-net", "--"));
            cs.add(Containment.on("network", "private network namespace (bwrap --unshare-net, file system untouched)"));
        } else {
            cs.add(Containment.off("network", "cannot create a network namespace here (" + probe.unshareDetail() + "; "
                    + probe.bwrapDetail() + "): the target CAN reach the network; only the fuzzer's own connections are checked"));
        }
    }

    private List<String> bwrapFilesystem(Path wd, List<String> command) {
        List<String> a = new ArrayList<>(List.of(probe.bwrap().get().toString(), "--die-with-parent",
                "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"));
        Set<Path> visible = new LinkedHashSet<>();
        visible.add(wd);
        Path exe = Path.of(command.get(0));
        if (exe.isAbsolute()) {
            visible.add(exe.getParent());
        }
        for (String arg : command) {
            visible.addAll(tmpFoldersOf(arg));
        }
        for (Path p : visible) {
            if (p != null && p.startsWith("/tmp") && Files.isDirectory(p)) {
                a.addAll(List.of("--ro-bind", p.toString(), p.toString()));
            }
        }
        a.addAll(List.of("--bind", stateDir.toString(), stateDir.toString()));
        if (shims != null) {
            a.addAll(List.of("--ro-bind", shims.directory().toString(), shims.directory().toString()));
        }
        if (fsRoot != null) {
            a.addAll(List.of("--bind", fsRoot.root().toString(), fsRoot.root().toString()));
        }
        a.addAll(List.of("--chdir", wd.toString()));
        return a;
    }

    /**
     * The folders right under {@code /tmp} that hold a path of the command line (the program, or an
     * argument such as {@code node /tmp/srv/node_modules/.bin/server} or {@code --db=/tmp/d/x.db}),
     * as written and where its symlinks lead: the private {@code /tmp} hid them, and a script
     * needs more than its own folder ({@code node_modules} above it, a venv's {@code lib}).
     */
    static List<Path> tmpFoldersOf(String arg) {
        int eq = arg.indexOf('=');
        String candidate = arg.startsWith("/") || eq < 0 ? arg : arg.substring(eq + 1);
        List<Path> out = new ArrayList<>();
        if (!candidate.startsWith("/tmp/")) {
            return out;
        }
        try {
            Path p = Path.of(candidate).normalize();
            if (!Files.exists(p)) {
                return out;
            }
            for (Path q : List.of(p, p.toRealPath())) {
                if (q.startsWith("/tmp") && q.getNameCount() >= 2) {
                    out.add(q.getRoot().resolve(q.subpath(0, 2)));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not a path, or unreadable: nothing to show
        }
        return out;
    }

    /** Mounts each shim over the real binary of the same name; skips multi-call binaries such as busybox. */
    private boolean addShimOverlays(List<String> prefix) {
        boolean any = false;
        Set<Path> done = new LinkedHashSet<>();
        for (String name : shims.names()) {
            for (String dir : BIN_DIRS) {
                Path p = Path.of(dir, name);
                try {
                    if (!Files.isRegularFile(p)) {
                        continue;
                    }
                    Path real = p.toRealPath();
                    String base = real.getFileName().toString();
                    boolean sameTool = shims.names().stream().anyMatch(base::startsWith);
                    if (sameTool && done.add(real)) {
                        prefix.addAll(List.of("--ro-bind", shims.directory().resolve(name).toString(), real.toString()));
                        any = true;
                    }
                } catch (IOException | SecurityException e) {
                    // unreadable candidate: left alone, PATH shims still apply
                }
            }
        }
        return any;
    }
}
