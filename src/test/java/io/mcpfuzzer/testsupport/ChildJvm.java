package io.mcpfuzzer.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * How the tests start a child JVM on the test class path (fixture servers, the fuzzer's command line):
 * the class path with its class directories packed into jars, and the JVM flags that map a class-data
 * sharing archive of those jars. A fixture JVM then starts on about half the CPU (the test suite starts
 * hundreds of them on 2 cores).
 *
 * <p>The jars and the archive are made once per content of the class directories, under
 * {@code target/child-jvm/<digest>/}, by the first test JVM that needs them (a file lock keeps parallel
 * test JVMs out of each other's way; a stale digest's directory is deleted). When anything fails (no
 * class directory, an archive the JVM will not write), child JVMs get the plain class path and
 * {@code -Xshare:auto}: slower, never wrong. A stale or unusable archive is ignored by the child
 * ({@code -Xshare:auto}) and its CDS messages go nowhere (a fixture's stdout is its protocol stream).
 * Thread-safe; computed at most once per test JVM.
 */
public final class ChildJvm {
    /** The class path and the class-data sharing flags of a child JVM. */
    public record Launch(String classPath, List<String> sharingFlags) {}

    private static final List<String> QUIET = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    private static Launch launch;

    private ChildJvm() {}

    /** The launch of a child JVM on the test class path. */
    public static synchronized Launch launch() {
        if (launch == null) {
            launch = prepare(System.getProperty("java.class.path"));
        }
        return launch;
    }

    private static Launch prepare(String classPath) {
        Launch plain = new Launch(classPath, QUIET);
        List<String> entries = List.of(classPath.split(java.io.File.pathSeparator));
        List<Path> dirs = entries.stream().map(Path::of).filter(Files::isDirectory).toList();
        Path testClasses = dirs.stream().filter(d -> d.getFileName().toString().equals("test-classes")).findFirst()
                .orElse(null);
        if (testClasses == null || testClasses.getParent() == null) {
            return plain;
        }
        try {
            Path root = testClasses.getParent().resolve("child-jvm");
            Files.createDirectories(root);
            Path dir = root.resolve(digest(entries));
            try (FileChannel lockFile = FileChannel.open(root.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = lockFile.lock()) {
                List<String> jarred = new ArrayList<>();
                for (String e : entries) {
                    Path p = Path.of(e);
                    jarred.add(Files.isDirectory(p) ? dir.resolve(jarName(dirs.indexOf(p), p)).toString() : e);
                }
                String cp = String.join(java.io.File.pathSeparator, jarred);
                Path jsa = dir.resolve("classes.jsa");
                if (!Files.exists(dir.resolve("ready")) && !Files.exists(dir.resolve("failed"))) {
                    clean(root);
                    Files.createDirectories(dir);
                    for (Path d : dirs) {
                        writeJar(d, dir.resolve(jarName(dirs.indexOf(d), d)));
                    }
                    Boolean dumped = dump(cp, jsa);
                    if (dumped != null) { // a dump cut by its time limit is tried again by the next test JVM
                        Files.writeString(dir.resolve(dumped ? "ready" : "failed"), "");
                    }
                }
                return Files.exists(dir.resolve("ready")) ? new Launch(cp, withArchive(jsa)) : new Launch(cp, QUIET);
            }
        } catch (IOException | RuntimeException e) {
            return plain;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return plain;
        }
    }

    private static List<String> withArchive(Path jsa) {
        List<String> flags = new ArrayList<>();
        flags.add("-XX:SharedArchiveFile=" + jsa);
        flags.addAll(QUIET);
        return flags;
    }

    private static String jarName(int index, Path dir) {
        return index + "-" + dir.getFileName() + ".jar";
    }

    /**
     * Writes the archive by running {@link ChildJvmWarmup} once: true when the archive is there, false when
     * the JVM would not write it, null when the run took longer than its limit (a loaded machine).
     */
    private static Boolean dump(String cp, Path jsa) throws IOException, InterruptedException {
        Path tmp = jsa.resolveSibling("dump.jsa");
        List<String> cmd = new ArrayList<>(List.of(JavaCommand.javaBinary(), "-Xmx64m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-XX:ArchiveClassesAtExit=" + tmp, "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-cp", cp, ChildJvmWarmup.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(jsa.resolveSibling("dump.log").toFile()).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                return null;
            }
            if (p.exitValue() != 0 || !Files.exists(tmp)) {
                return false;
            }
        } finally {
            p.destroyForcibly();
        }
        Files.move(tmp, jsa, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }

    private static void writeJar(Path dir, Path jar) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jo = new JarOutputStream(out)) {
            for (Path f : files) {
                jo.putNextEntry(new JarEntry(dir.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, jo);
                jo.closeEntry();
            }
        }
    }

    /**
     * A digest of the class path: each entry's name, and the names, sizes and modification times of its
     * files (a directory's) or its own (a jar's), with the JVM's home.
     */
    private static String digest(List<String> entries) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        md.update(System.getProperty("java.home").getBytes(StandardCharsets.UTF_8));
        for (String entry : entries) {
            Path d = Path.of(entry);
            md.update(("\n" + entry).getBytes(StandardCharsets.UTF_8));
            if (Files.isRegularFile(d)) {
                md.update(("|" + Files.size(d) + "|" + Files.getLastModifiedTime(d).toMillis())
                        .getBytes(StandardCharsets.UTF_8));
            } else if (Files.isDirectory(d)) {
                try (Stream<Path> walk = Files.walk(d)) {
                    for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                        md.update((d.relativize(f) + "|" + Files.size(f) + "|"
                                + Files.getLastModifiedTime(f).toMillis()).getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
        }
        return HexFormat.of().formatHex(md.digest(), 0, 8);
    }

    private static void clean(Path root) throws IOException {
        try (Stream<Path> old = Files.list(root)) {
            for (Path d : old.filter(Files::isDirectory).toList()) {
                try (Stream<Path> walk = Files.walk(d)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                        try {
                            Files.deleteIfExists(p);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
            }
        }
    }
}
