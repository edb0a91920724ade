package io.mcpfuzzer.bench;

import java.nio.file.Path;
import java.util.List;

/** Command lines that start a class of this module in a fresh JVM with the same class path. */
final class ChildJvm {
    private ChildJvm() {}

    /** {@code java -cp <our class path> <flags> mainClass}; small heap, serial GC, like a cheap server. */
    static List<String> command(Class<?> mainClass) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-Xmx128m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                mainClass.getName());
    }
}
