package io.mcpfuzzer.safety;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What OS containment really works on this machine, found by running it once per JVM
 * ({@link #get()}; thread-safe). Each probe starts the mechanism exactly as a launch would and
 * checks from inside that only the loopback interface exists (from {@code /proc/net/dev}, which
 * is per network namespace) and whether loopback is up.
 *
 * @param unsharePrefix  e.g. {@code [/usr/bin/unshare, --user, --net, --map-root-user]}, or empty
 * @param ip             the {@code ip} binary used to bring loopback up, or empty
 * @param unshareLoUp    loopback was up inside the unshare namespace after {@code ip link set lo up}
 * @param unshareDetail  what was tried and what happened
 * @param bwrap          the working bubblewrap binary (read-only root, tmpfs /tmp, --unshare-net), or empty
 * @param bwrapDetail    what was tried and what happened
 * @param sh             the POSIX shell used for wrappers
 */
record ContainmentProbe(Optional<List<String>> unsharePrefix, Optional<Path> ip, boolean unshareLoUp,
        String unshareDetail, Optional<Path> bwrap, String bwrapDetail, Path sh) {

    private static final long TIMEOUT_SECONDS = 60;
    private static final Pattern LO_UP = Pattern.compile("<[^>]*\\bUP\\b");
    private static volatile ContainmentProbe cached;

    static ContainmentProbe get() {
        ContainmentProbe c = cached;
        if (c == null) {
            synchronized (ContainmentProbe.class) {
                c = cached;
                if (c == null) {
                    c = probe();
                    cached = c;
                }
            }
        }
        return c;
    }

    /** A machine where nothing works (for tests of honest reporting). */
    static ContainmentProbe nothingWorks(String why) {
        return new ContainmentProbe(Optional.empty(), Optional.empty(), false, why, Optional.empty(), why,
                Path.of("/bin/sh"));
    }

    private static ContainmentProbe probe() {
        Path sh = ProbeRunner.find("sh").orElse(Path.of("/bin/sh"));
        Optional<Path> ip = ProbeRunner.find("ip");
        String script = ip.map(p -> ProbeRunner.shellQuote(p.toString()) + " link set lo up 2>/dev/null; ").orElse("")
                + "cat /proc/net/dev; echo @@; "
                + ip.map(p -> ProbeRunner.shellQuote(p.toString()) + " -o link show lo 2>/dev/null").orElse("true");
        Optional<List<String>> unsharePrefix = Optional.empty();
        boolean loUp = false;
        StringBuilder unshareDetail = new StringBuilder();
        Optional<Path> unshare = ProbeRunner.find("unshare");
        if (unshare.isEmpty()) {
            unshareDetail.append("unshare (util-linux) not found");
        } else {
            for (List<String> variant : List.of(
                    List.of(unshare.get().toString(), "--user", "--net", "--map-root-user"),
                    List.of(unshare.get().toString(), "--net"))) {
                List<String> cmd = new ArrayList<>(variant);
                cmd.addAll(List.of("--", sh.toString(), "-c", script));
                ProbeRunner.Result r = ProbeRunner.run(cmd, TIMEOUT_SECONDS);
                String verdict = judge(r);
                unshareDetail.append(String.join(" ", variant.subList(1, variant.size()))).append(": ").append(verdict).append("; ");
                if (verdict.equals("isolated")) {
                    unsharePrefix = Optional.of(variant);
                    loUp = LO_UP.matcher(afterMarker(r.output())).find();
                    break;
                }
            }
        }
        Optional<Path> bwrap = ProbeRunner.find("bwrap");
        String bwrapDetail;
        Optional<Path> bwrapOk = Optional.empty();
        if (bwrap.isEmpty()) {
            bwrapDetail = "bubblewrap (bwrap) not installed";
        } else {
            List<String> cmd = new ArrayList<>(List.of(bwrap.get().toString(), "--die-with-parent", "--ro-bind", "/", "/",
                    "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--unshare-net", "--",
                    sh.toString(), "-c", "cat /proc/net/dev; echo @@; touch /probe-must-fail 2>/dev/null && echo WRITABLE; exit 0"));
            ProbeRunner.Result r = ProbeRunner.run(cmd, TIMEOUT_SECONDS);
            String verdict = judge(r);
            if (verdict.equals("isolated") && r.output().contains("WRITABLE")) {
                verdict = "root file system was writable inside the sandbox";
            }
            bwrapDetail = "bwrap --ro-bind / / --unshare-net: " + verdict;
            if (verdict.equals("isolated")) {
                bwrapOk = bwrap;
            }
        }
        return new ContainmentProbe(unsharePrefix, ip, loUp, unshareDetail.toString().trim(), bwrapOk, bwrapDetail, sh);
    }

    /** "isolated" when the probe ran and saw only {@code lo}; otherwise what went wrong. */
    private static String judge(ProbeRunner.Result r) {
        if (!r.ok()) {
            return "failed (exit " + r.exitCode() + ": " + firstLine(r.output()) + ")";
        }
        List<String> interfaces = new ArrayList<>();
        String before = r.output().contains("@@") ? r.output().substring(0, r.output().indexOf("@@")) : r.output();
        for (String line : before.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && !line.contains("|")) {
                interfaces.add(line.substring(0, colon).trim());
            }
        }
        if (interfaces.equals(List.of("lo"))) {
            return "isolated";
        }
        return "not isolated (interfaces " + interfaces + ")";
    }

    private static String afterMarker(String output) {
        int i = output.indexOf("@@");
        return i < 0 ? "" : output.substring(i);
    }

    private static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        String line = nl < 0 ? t : t.substring(0, nl);
        return line.length() > 200 ? line.substring(0, 200) : line;
    }
}
