package io.mcpfuzzer.oracle.audit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A bounded picture of a directory tree for before/after comparison: relative path to type, size,
 * modification time and SHA-256 (files up to {@link Limits#maxHashBytes()} each, within a total hash
 * budget; larger files compare by size and time only). Symbolic links are recorded, never followed.
 * When a bound is hit the snapshot says so ({@link #truncated()}), and comparisons stay meaningful for
 * the entries seen. Immutable.
 */
public final class DirectorySnapshot {
    /** Bounds of one snapshot. */
    public record Limits(int maxEntries, int maxDepth, long maxHashBytes, long totalHashBytes) {
        public static Limits defaults() {
            return new Limits(20_000, 32, 4L << 20, 64L << 20);
        }
    }

    /** One entry; {@code sha256} is null for directories, links and unhashed files. */
    public record Entry(String type, long size, long mtimeMillis, String sha256) {}

    /** Differences between two snapshots, each list sorted. */
    public record Diff(List<String> added, List<String> removed, List<String> modified) {
        public boolean isEmpty() {
            return added.isEmpty() && removed.isEmpty() && modified.isEmpty();
        }

        /** Removed or modified entries: what a non-destructive tool must not cause. */
        public boolean destructive() {
            return !removed.isEmpty() || !modified.isEmpty();
        }
    }

    private final Map<String, Entry> entries;
    private final boolean truncated;

    private DirectorySnapshot(Map<String, Entry> entries, boolean truncated) {
        this.entries = java.util.Collections.unmodifiableMap(entries);
        this.truncated = truncated;
    }

    /** Snapshot of root with default limits; a missing root gives an empty snapshot. */
    public static DirectorySnapshot take(Path root) throws IOException {
        return take(root, Limits.defaults());
    }

    public static DirectorySnapshot take(Path root, Limits limits) throws IOException {
        Map<String, Entry> map = new TreeMap<>();
        boolean[] cut = {false};
        long[] hashed = {0};
        if (!Files.isDirectory(root)) {
            return new DirectorySnapshot(map, false);
        }
        Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), limits.maxDepth(), new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                if (!dir.equals(root)) {
                    if (!put(dir, new Entry("dir", 0, a.lastModifiedTime().toMillis(), null))) {
                        return FileVisitResult.TERMINATE;
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes a) {
                String type = a.isSymbolicLink() ? "link" : a.isDirectory() ? "dir" : a.isRegularFile() ? "file" : "other";
                String hash = null;
                if (a.isRegularFile() && a.size() <= limits.maxHashBytes() && hashed[0] + a.size() <= limits.totalHashBytes()) {
                    hash = sha256(file);
                    hashed[0] += a.size();
                }
                return put(file, new Entry(type, a.size(), a.lastModifiedTime().toMillis(), hash))
                        ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                put(file, new Entry("unreadable", -1, -1, null));
                return FileVisitResult.CONTINUE;
            }

            private boolean put(Path p, Entry e) {
                if (map.size() >= limits.maxEntries()) {
                    cut[0] = true;
                    return false;
                }
                map.put(root.relativize(p).toString().replace('\\', '/'), e);
                return true;
            }
        });
        return new DirectorySnapshot(map, cut[0]);
    }

    public Map<String, Entry> entries() {
        return entries;
    }

    public boolean truncated() {
        return truncated;
    }

    /** What changed from this snapshot to {@code after}. Directories count as modified only if removed/added. */
    public Diff diff(DirectorySnapshot after) {
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<String> modified = new ArrayList<>();
        for (Map.Entry<String, Entry> e : entries.entrySet()) {
            Entry now = after.entries.get(e.getKey());
            if (now == null) {
                removed.add(e.getKey());
            } else if (!"dir".equals(now.type()) && changed(e.getValue(), now)) {
                modified.add(e.getKey());
            }
        }
        for (String k : after.entries.keySet()) {
            if (!entries.containsKey(k)) {
                added.add(k);
            }
        }
        return new Diff(added, removed, modified);
    }

    private static boolean changed(Entry a, Entry b) {
        if (!a.type().equals(b.type()) || a.size() != b.size()) {
            return true;
        }
        if (a.sha256() != null && b.sha256() != null) {
            return !a.sha256().equals(b.sha256());
        }
        return a.mtimeMillis() != b.mtimeMillis();
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[64 * 1024];
            int n;
            while ((n = in.read(buf)) > 0) {
                d.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            return null;
        }
    }
}
