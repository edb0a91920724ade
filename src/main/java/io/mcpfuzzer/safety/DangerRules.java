package io.mcpfuzzer.safety;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The documented blocking rules of the {@link ArgumentPolicy}, applied to every string value of a
 * tool call's arguments (object keys are not inspected). Stateless, thread-safe. Each rule returns
 * a short detail of what matched, or empty.
 *
 * <ul>
 *   <li><b>destructive-command</b>: a shell command in command position (start of the value or
 *       after {@code ; & | ( `}, {@code $(} or a newline, optionally behind {@code sudo}) that
 *       deletes recursively ({@code rm -r/-R/--recursive}), formats or wipes disks
 *       ({@code mkfs*, wipefs, shred, fdisk, sfdisk, parted}, {@code dd ... of=/dev/...}), or stops
 *       the machine ({@code shutdown, reboot, halt, poweroff, init 0|6, systemctl poweroff|reboot|halt});
 *       {@code chmod/chown -R ... /}; anywhere: a fork bomb {@code :(){ :|:& };:} or a redirect
 *       onto a block device ({@code > /dev/sda}).</li>
 *   <li><b>sensitive-file</b>: a reference to credentials or system secrets: {@code etc/shadow,
 *       gshadow, passwd, sudoers, master.passwd}, {@code /root/}, {@code .ssh/id_*, authorized_keys},
 *       {@code .aws/credentials}, {@code .kube/config}, {@code .gnupg/}, {@code .netrc},
 *       {@code .docker/config.json}, {@code /proc/<pid|self>/environ|mem}, raw devices
 *       ({@code /dev/sd*, nvme*, mem, kmem, port}), {@code docker.sock}. Also checked after one
 *       round of percent-decoding.</li>
 *   <li><b>network-url</b> (only when network is denied): a URL {@code scheme://host...} of any
 *       scheme except {@code file} whose host (and port) the {@link NetworkPolicy} does not allow, or a
 *       {@code file://host/...} URL naming a non-loopback host.</li>
 * </ul>
 *
 * <p>Cost: linear in the value. The regular expressions never scan a whole value: {@link RuleCandidates}
 * finds, in one pass, the few positions where a match of a rule could start (a command position
 * followed by a rule's command word or {@code sudo}; a literal every sensitive-file alternative
 * contains; a {@code :} or {@code >} of the anywhere rules), and the expression is tried there only
 * ({@code lookingAt}, transparent bounds), leftmost first: the same first match {@code find()} gives.
 */
final class DangerRules {
    private static final String COMMAND_POSITION = "(?:^|[;&|\\n`(]|\\$\\()\\s*(?:sudo\\s+(?:-\\S+\\s+)*)?";
    static final Pattern DESTRUCTIVE = Pattern.compile(COMMAND_POSITION + "(?:"
            + "rm\\s+(?:[^;&|\\n]*\\s)?(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)(?=\\s|$)"
            + "|mkfs(?:\\.\\w+)?\\b|wipefs\\b|shred\\b|s?fdisk\\b|parted\\b"
            + "|dd\\s+[^;&|\\n]*\\bof=/dev/"
            + "|(?:shutdown|reboot|halt|poweroff)\\b|init\\s+[06]\\b|systemctl\\s+(?:poweroff|reboot|halt)\\b"
            + "|(?:chmod|chown)\\s+(?:-\\S+\\s+)*-R\\s+\\S+\\s+/(?=\\s|$))", Pattern.CASE_INSENSITIVE);
    static final Pattern ANYWHERE_DESTRUCTIVE = Pattern.compile(
            ":\\s*\\(\\s*\\)\\s*\\{\\s*:\\s*\\|\\s*:\\s*&\\s*}\\s*;\\s*:"
            + "|>\\s*/dev/(?:sd|hd|vd|xvd|nvme|mmcblk)");
    static final Pattern SENSITIVE = Pattern.compile(
            "\\betc/(?:shadow|gshadow|passwd|sudoers|master\\.passwd)\\b"
            + "|(?:^|[\\s:=\"'])/root/"
            + "|\\.ssh/(?:id_\\w+|authorized_keys)"
            + "|\\.aws/credentials|\\.kube/config|\\.gnupg/|\\.netrc\\b|\\.docker/config\\.json"
            + "|/proc/(?:self|\\d+)/(?:environ|mem)\\b"
            + "|/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\\d|mmcblk\\d|mem\\b|kmem\\b|port\\b)"
            + "|docker\\.sock\\b");
    private static final Pattern URL = Pattern.compile("\\b([a-zA-Z][a-zA-Z0-9+.-]{0,20})://([^/\\s?#\\\\\"'<>]*)");

    /** Schemes that name a network location (for resource URIs). */
    static final java.util.Set<String> NETWORK_SCHEMES = java.util.Set.of("http", "https", "ws", "wss", "ftp", "ftps",
            "sftp", "ssh", "scp", "telnet", "gopher", "ldap", "ldaps", "dict", "smb", "cifs", "nfs", "git", "svn",
            "rsync", "rtsp", "irc", "mqtt", "amqp", "redis", "mongodb", "postgres", "postgresql", "mysql", "tcp",
            "udp", "imap", "pop3", "smtp", "dns", "tftp", "webdav", "dav");

    private DangerRules() {}

    static Optional<String> destructiveCommand(String value) {
        Matcher m = RuleCandidates.firstCommandMatch(DESTRUCTIVE, value);
        if (m != null) {
            return Optional.of(preview(m.group().trim()));
        }
        m = RuleCandidates.firstAnywhereMatch(ANYWHERE_DESTRUCTIVE, value);
        return m != null ? Optional.of(preview(m.group())) : Optional.empty();
    }

    static Optional<String> sensitiveFile(String value) {
        Matcher m = RuleCandidates.firstSensitiveMatch(SENSITIVE, value);
        if (m != null) {
            return Optional.of(preview(m.group().trim()));
        }
        if (value.indexOf('%') >= 0) {
            String decoded = PercentCoding.decodeLenient(value);
            m = RuleCandidates.firstSensitiveMatch(SENSITIVE, decoded);
            if (m != null) {
                return Optional.of(preview(m.group().trim()) + " (percent-encoded)");
            }
        }
        return Optional.empty();
    }

    /**
     * The first URL whose host the policy refuses, as {@code scheme://authority}: with
     * {@code anyScheme} every scheme but {@code file} counts (argument values), else only the
     * {@link #NETWORK_SCHEMES} (resource URIs, whose other schemes are the server's own names). A
     * {@code file://host/...} URL naming a host other than {@code localhost} or a loopback address
     * is refused too (a remote share).
     */
    /** The first rule a text breaks, in the gate's order, and the matched text. */
    record Hit(String rule, String match) {}

    /**
     * Destructive command, then sensitive file (both only when {@code rulesEnabled}), then
     * forbidden URL: the first rule the text breaks, or empty.
     */
    static Optional<Hit> firstHit(String text, boolean rulesEnabled, NetworkPolicy network, boolean anyScheme) {
        if (rulesEnabled) {
            Optional<String> hit = destructiveCommand(text);
            if (hit.isPresent()) {
                return Optional.of(new Hit("destructive-command", hit.get()));
            }
            hit = sensitiveFile(text);
            if (hit.isPresent()) {
                return Optional.of(new Hit("sensitive-file", hit.get()));
            }
        }
        return forbiddenUrl(text, network, anyScheme).map(m -> new Hit("network-url", m));
    }

    static Optional<String> forbiddenUrl(String value, NetworkPolicy network, boolean anyScheme) {
        if (!network.networkDenied() || value.indexOf("://") < 0) {
            return Optional.empty();
        }
        Matcher m = URL.matcher(value);
        while (m.find()) {
            String scheme = m.group(1).toLowerCase(java.util.Locale.ROOT);
            if (scheme.equals("file")) {
                HostPort hp = HostPort.fromAuthority(m.group(2));
                if (!hp.host().isEmpty() && !NetworkPolicy.isLoopback(hp.host())) {
                    return Optional.of(preview(m.group()));
                }
                continue;
            }
            if (!anyScheme && !NETWORK_SCHEMES.contains(scheme)) {
                continue;
            }
            HostPort hp = HostPort.fromAuthority(m.group(2));
            int port = hp.port() < 0 ? NetworkPolicy.defaultPort(scheme) : hp.port();
            if (hp.host().isEmpty() || !network.allowsHost(hp.host(), port)) {
                return Optional.of(preview(m.group()));
            }
        }
        return Optional.empty();
    }

    static List<String> ruleNames() {
        return List.of("destructive-command", "sensitive-file", "network-url");
    }

    private static String preview(String text) {
        String oneLine = text.replaceAll("\\p{Cntrl}", "?");
        return oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 80) + "...";
    }
}
