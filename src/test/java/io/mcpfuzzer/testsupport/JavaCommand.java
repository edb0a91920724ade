package io.mcpfuzzer.testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds a command line that starts a class of the test class path in a fresh JVM (the test JVM's own java). */
public final class JavaCommand {
    private JavaCommand() {}

    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * {@code java -cp <test class path> <main> args...}, with a small heap, C1 only and the class-data
     * sharing archive of {@link ChildJvm} so fixtures start fast.
     */
    public static List<String> of(Class<?> main, String... args) {
        return withHeap("64m", main, args);
    }

    /** Like {@link #of} with the given maximum heap ({@code -Xmx} value, e.g. {@code 256m}). */
    public static List<String> withHeap(String heap, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        cmd.add("-Xmx" + heap);
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:TieredStopAtLevel=1");
        ChildJvm.Launch launch = ChildJvm.launch();
        cmd.addAll(launch.sharingFlags());
        cmd.add("-cp");
        cmd.add(launch.classPath());
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }
}
