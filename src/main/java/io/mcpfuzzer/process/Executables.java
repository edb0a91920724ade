package io.mcpfuzzer.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
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
}
