package io.mcpfuzzer.safety;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Confines path-like tool arguments to one directory, the fs-root ({@code --fs-root PATH}).
 * Immutable, thread-safe.
 *
 * <p>Mapping ("chroot-style", textual, the way {@code ..} at {@code /} stays at {@code /}):
 * <ul>
 *   <li>a relative path resolves against the root: {@code notes.txt -> <root>/notes.txt};</li>
 *   <li>{@code ..} never climbs above the root: {@code ../../outside -> <root>/outside};</li>
 *   <li>an absolute path already inside the root is kept as written ({@code ..} segments included,
 *       when the path resolved by the operating system stays inside the root); any other absolute
 *       path is re-rooted:
 *       {@code /etc/passwd -> <root>/etc/passwd}; {@code ~} and {@code ~/x} map to the root;</li>
 *   <li>a {@code file:} URI is decoded, mapped the same way, and re-encoded as
 *       {@code file://<root>/...} (its host part is dropped), or given as the plain path when the
 *       parameter takes a path;</li>
 *   <li>after mapping, the longest existing prefix is resolved with symlinks followed; if that
 *       leaves the root (a symlink inside the root pointing out, or a dangling symlink) the call is
 *       <b>blocked</b>, since no rewrite can make it safe.</li>
 * </ul>
 * Values are never shortened or sanitised character by character: a NUL byte or backslash stays
 * where it was, behind the root prefix. This is argument rewriting, not enforcement: a server that
 * builds paths itself, or races a symlink in after the check, is only stopped by the bwrap sandbox.
 */
public final class PathSandbox {
    /** Most existing path segments the symlink check walks down; a path deeper than that is blocked (fail closed). */
    private static final int MAX_WALK = 4096;
    private static final Set<Path> REFUSED = Set.of(Path.of("/"), Path.of("/etc"), Path.of("/usr"),
            Path.of("/bin"), Path.of("/sbin"), Path.of("/lib"), Path.of("/lib64"), Path.of("/boot"),
            Path.of("/dev"), Path.of("/proc"), Path.of("/sys"), Path.of("/var"), Path.of("/run"),
            Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/home"), Path.of("/root"));

    private final Path root;
    private final String rootText;

    private PathSandbox(Path root) {
        this.root = root;
        this.rootText = root.toString();
    }

    /**
     * Creates the root if missing (mode 0700) and returns a sandbox on its real path.
     *
     * @throws SafetyException when the path is a system directory, the user's home, not a
     *                         directory, or cannot be created (fail closed)
     */
    public static PathSandbox create(Path requested) {
        Path abs = requested.toAbsolutePath().normalize();
        try {
            if (!Files.exists(abs)) {
                Files.createDirectories(abs);
                trySetOwnerOnly(abs);
            }
            if (!Files.isDirectory(abs)) {
                throw new SafetyException("--fs-root " + abs + " exists but is not a directory");
            }
            Path real = abs.toRealPath();
            String home = System.getProperty("user.home");
            if (REFUSED.contains(real) || (home != null && real.equals(Path.of(home).toAbsolutePath().normalize()))) {
                throw new SafetyException("--fs-root " + real + " is a system or home directory; use a dedicated directory");
            }
            return new PathSandbox(real);
        } catch (IOException | InvalidPathException | SecurityException e) {
            throw new SafetyException("cannot create or use --fs-root " + abs + ": " + e.getMessage(), e);
        }
    }

    /** The real (symlink-free) absolute root. */
    public Path root() {
        return root;
    }

    /** The root as a {@code file://} URI with a trailing slash, for answering {@code roots/list}. */
    public String rootsUri() {
        return "file://" + PercentCoding.encodePath(rootText.endsWith("/") ? rootText : rootText + "/");
    }

    /**
     * Maps a path or {@code file:} URI into the root.
     *
     * @return the outcome: the same value if already confined, a rewritten value, or a block reason
     */
    public PathOutcome confine(String value) {
        return confine(value, false);
    }

    /**
     * As {@link #confine(String)}; with {@code plainPath} a {@code file:} URI becomes the plain confined
     * path (for parameters that take a file-system path: a server that uses a URI there as a path would
     * resolve {@code file:/...} against its working directory).
     */
    public PathOutcome confine(String value, boolean plainPath) {
        PathOutcome inside = alreadyInside(value, plainPath);
        if (inside != null) {
            return inside;
        }
        String mapped;
        if (PathDetector.isFileUri(value)) {
            String path = mapPath(PercentCoding.decodeLenient(fileUriPath(value)), true);
            mapped = plainPath ? path : "file://" + PercentCoding.encodePath(path);
        } else {
            mapped = mapPath(value, false);
        }
        String escape = symlinkEscape(PathDetector.isFileUri(mapped)
                ? PercentCoding.decodeLenient(mapped.substring("file://".length())) : mapped);
        if (escape != null) {
            return PathOutcome.blocked(escape);
        }
        return mapped.equals(value) ? PathOutcome.unchanged(value) : PathOutcome.rewritten(mapped);
    }

    /**
     * An absolute path (or host-less {@code file:} URI) that names a place inside the root, {@code ..}
     * segments and all, is kept as written when the operating system, resolving it with symlinks
     * followed, lands inside the root too: a traversal that stays in the root is a probe worth sending
     * as it is. Null when the value needs the mapping.
     */
    private PathOutcome alreadyInside(String value, boolean plainPath) {
        boolean uri = PathDetector.isFileUri(value);
        if (uri && value.startsWith("//", 5) && !value.startsWith("///", 5)) {
            return null; // a host part is always dropped by the mapping
        }
        String path = uri ? PercentCoding.decodeLenient(fileUriPath(value)) : value;
        if (!path.startsWith("/") || path.indexOf('\0') >= 0) {
            return null;
        }
        List<String> normal = normalise(path);
        List<String> rootSegments = normalise(rootText);
        // both readings must stay inside: the kernel's (a missing segment before a '..' ends the check there)
        // and a lexical one (a server that normalises the path first follows symlinks after the '..')
        if (normal.size() < rootSegments.size() || !normal.subList(0, rootSegments.size()).equals(rootSegments)
                || symlinkEscape(path) != null || symlinkEscape("/" + String.join("/", normal)) != null) {
            return null;
        }
        return uri && plainPath ? PathOutcome.rewritten(path) : PathOutcome.unchanged(value);
    }

    /** The path part of {@code file:/p}, {@code file:///p} or {@code file://host/p}. */
    private static String fileUriPath(String uri) {
        String rest = uri.substring(5);
        int cut = indexOfAny(rest, "?#");
        if (cut >= 0) {
            rest = rest.substring(0, cut);
        }
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            rest = slash < 0 ? "/" : rest.substring(slash);
        }
        return rest;
    }

    private String mapPath(String value, boolean forceAbsolute) {
        String v = value;
        if (v.equals("~") || v.startsWith("~/")) {
            v = v.substring(1);
        }
        boolean absolute = forceAbsolute || v.startsWith("/");
        List<String> segments = new ArrayList<>();
        if (absolute) {
            List<String> normal = normalise(v);
            List<String> rootSegments = normalise(rootText);
            if (normal.size() >= rootSegments.size() && normal.subList(0, rootSegments.size()).equals(rootSegments)) {
                segments.addAll(normal.subList(rootSegments.size(), normal.size()));
            } else {
                segments.addAll(normal);
            }
        } else {
            segments.addAll(normalise(v));
        }
        StringBuilder sb = new StringBuilder(rootText);
        for (String s : segments) {
            sb.append('/').append(s);
        }
        if (v.endsWith("/") && !segments.isEmpty()) {
            sb.append('/');
        }
        String mapped = sb.toString();
        return mapped.equals(rootText + "/") ? rootText : (mapped.equals(value) ? value : mapped);
    }

    /**
     * Splits on {@code /}, drops empty and {@code .} segments, pops on {@code ..} (never above the start):
     * the segments of the path resolved lexically, without touching the file system. Pure.
     */
    public static List<String> normalise(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.split("/", -1)) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                if (!out.isEmpty()) {
                    out.remove(out.size() - 1);
                }
                continue;
            }
            out.add(s);
        }
        return out;
    }

    /**
     * Null when the mapped path stays inside the root after resolving symlinks, else the reason. Resolves
     * the deepest prefix that exists, found walking down from the top: a prefix exists only if every
     * shorter one does, so the walk stops at the first missing segment, and a long fuzzed path costs one
     * failed lookup rather than one per segment (walking up from the leaf cost O(n²) on such paths).
     */
    private String symlinkEscape(String mapped) {
        int nul = mapped.indexOf('\0');
        String checked = nul >= 0 ? mapped.substring(0, nul) : mapped;
        Path p;
        try {
            p = Path.of(checked);
        } catch (InvalidPathException e) {
            return "path cannot be checked: " + e.getMessage();
        }
        Path top = p.getRoot();
        Path deepest = top != null && Files.exists(top, LinkOption.NOFOLLOW_LINKS) ? top : null;
        for (int i = 0; i < p.getNameCount(); i++) {
            if (i == MAX_WALK) {
                return "path too deep to check (over " + MAX_WALK + " existing segments)";
            }
            Path next = deepest == null ? p.getName(i) : deepest.resolve(p.getName(i));
            if (!Files.exists(next, LinkOption.NOFOLLOW_LINKS)) {
                break;
            }
            deepest = next;
        }
        if (deepest == null) {
            return "path has no existing prefix inside fs-root";
        }
        try {
            Path real = deepest.toRealPath();
            return real.startsWith(root) ? null : "symlink inside fs-root leads outside it: " + deepest + " -> " + real;
        } catch (IOException | SecurityException e) {
            return "cannot resolve " + deepest + " inside fs-root (dangling symlink?): " + e.getMessage();
        }
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    private static void trySetOwnerOnly(Path dir) {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException | UnsupportedOperationException e) {
            // Not a POSIX file system: the directory keeps its default mode.
        }
    }
}
