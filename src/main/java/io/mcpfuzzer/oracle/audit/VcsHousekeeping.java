package io.mcpfuzzer.oracle.audit;

import java.util.List;

/**
 * Files git changes by itself while only reading: {@code git status}, {@code git diff} and
 * {@code git log} refresh the index's stat cache ({@code .git/index}) under {@code .git/index.lock}
 * (git's documented "optional locks"), and a lock taken by a read command may still exist when a
 * snapshot is taken. Such a change is not a state change a read-only tool caused, so the annotation
 * checks leave it out. Only lock files and the index directly inside a {@code .git} directory count;
 * refs, objects, config and the working tree still count. Paths are relative, with {@code /}
 * separators, as in {@link DirectorySnapshot#entries()}. Pure; thread-safe.
 */
final class VcsHousekeeping {
    private VcsHousekeeping() {}

    /** True for {@code .git/index}, {@code .git/index.lock} and any {@code .git/*.lock} at any depth. */
    static boolean isHousekeeping(String path) {
        if (path == null) {
            return false;
        }
        int slash = path.lastIndexOf('/');
        if (slash < 0) {
            return false;
        }
        String dir = path.substring(0, slash);
        String name = path.substring(slash + 1);
        boolean inGitDir = dir.equals(".git") || dir.endsWith("/.git");
        return inGitDir && (name.equals("index") || (name.endsWith(".lock") && name.length() > ".lock".length()));
    }

    /** The diff without git's housekeeping files. */
    static DirectorySnapshot.Diff exclude(DirectorySnapshot.Diff diff) {
        return new DirectorySnapshot.Diff(keep(diff.added()), keep(diff.removed()), keep(diff.modified()));
    }

    private static List<String> keep(List<String> paths) {
        return paths.stream().filter(p -> !isHousekeeping(p)).toList();
    }
}
