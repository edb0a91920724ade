package io.mcpfuzzer.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Finds executables the way {@code execvp} does. Stateless and thread-safe. */
final class Executables {
    /** What execvp searches when PATH is unset. */
    static final String DEFAULT_PATH = "/bin:/usr/bin";

    private Executables() {
    }

    /**
     * Resolves {@code name} against {@code path} (a colon-separated PATH value; null or empty means
     * {@link #DEFAULT_PATH}). A name containing '/' is not searched: it is resolved against {@code cwd}.
     */
    static Optional<Path> resolve(String name, String path, Path cwd) {
        if (name.contains("/")) {
            try {
                Path p = Path.of(name);
                if (!p.isAbsolute() && cwd != null) {
                    p = cwd.resolve(p);
                }
                return isExecutableFile(p) ? Optional.of(p.toAbsolutePath().normalize()) : Optional.empty();
            } catch (InvalidPathException e) {
                return Optional.empty();
            }
        }
        return findOnPath(name, path);
    }

    /** The first executable regular file called {@code name} in the directories of {@code path}. */
    static Optional<Path> findOnPath(String name, String path) {
        String effective = path == null || path.isEmpty() ? DEFAULT_PATH : path;
        for (String dir : effective.split(File.pathSeparator)) {
            try {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir).resolve(name);
                if (isExecutableFile(candidate)) {
                    return Optional.of(candidate.toAbsolutePath());
                }
            } catch (InvalidPathException e) {
                // skip malformed entries
            }
        }
        return Optional.empty();
    }

    private static boolean isExecutableFile(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }

    /**
     * The start failure for a program that {@link #resolve} did not find, saying what is there
     * instead: a directory, a file without execute permission, nothing at all, or (for a bare name)
     * a file in the working directory that PATH lookup does not see.
     */
    static ProcessStartException notFound(String processName, List<String> cmd, String path, Path cwd) {
        String name = cmd.get(0);
        String effectivePath = path == null || path.isEmpty() ? DEFAULT_PATH : path;
        Path local = null;
        try {
            Path p = Path.of(name);
            local = p.isAbsolute() || cwd == null ? p : cwd.resolve(p);
        } catch (InvalidPathException e) {
            // not a path at all: reported as not found below
        }
        String base = "Cannot start " + processName + ": ";
        String where = "resolved against " + (cwd == null ? "the current directory" : cwd);
        if (!name.contains("/")) {
            String message = base + "executable '" + name + "' not found on PATH";
            String hint = "install it, give an absolute path, or set PATH in the process environment";
            if (local != null && Files.isDirectory(local)) {
                message += " ('" + name + "' in the working directory is a directory, not a program)";
            } else if (local != null && Files.isRegularFile(local)) {
                message += " (a file '" + name + "' is in the working directory, but a name without '/' is only "
                        + "looked up on PATH)";
                hint = "use ./" + name + (Files.isExecutable(local) ? "" : " after chmod +x, or start it through "
                        + "its interpreter (for example: python3 " + name + ")");
            }
            return new ProcessStartException(ProcessStartException.Reason.EXECUTABLE_NOT_FOUND, cmd, message,
                    "PATH=" + effectivePath, hint, null, null);
        }
        if (local != null && Files.isDirectory(local)) {
            return new ProcessStartException(ProcessStartException.Reason.EXECUTABLE_NOT_FOUND, cmd,
                    base + "'" + name + "' is a directory, not a program", where,
                    "give the program inside it (for example " + name.replaceAll("/+$", "") + "/server)", null, null);
        }
        if (local != null && Files.isRegularFile(local) && !Files.isExecutable(local)) {
            return new ProcessStartException(ProcessStartException.Reason.EXECUTABLE_NOT_FOUND, cmd,
                    base + "'" + name + "' is a file without execute permission", where,
                    "chmod +x it, or start it through its interpreter (for example: python3 " + name + ")", null, null);
        }
        if (local != null && Files.exists(local)) {
            return new ProcessStartException(ProcessStartException.Reason.EXECUTABLE_NOT_FOUND, cmd,
                    base + "'" + name + "' is not a regular file", where, "give the path of the server program",
                    null, null);
        }
        return new ProcessStartException(ProcessStartException.Reason.EXECUTABLE_NOT_FOUND, cmd,
                base + "'" + name + "' does not exist", where, "check the path", null, null);
    }
}
