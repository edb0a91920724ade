package io.mcpfuzzer.testsupport;

import io.mcpfuzzer.common.Json;
import java.io.File;
import java.io.IOException;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The run {@link ChildJvm} records its class-data sharing archive from: loads (without initialising)
 * every class of the product and of the test fixtures and support on the class path, and parses and
 * writes some JSON, so that the archive holds what fixture servers and the fuzzer's command line load.
 */
public final class ChildJvmWarmup {
    private ChildJvmWarmup() {}

    public static void main(String[] args) throws IOException {
        ClassLoader loader = ChildJvmWarmup.class.getClassLoader();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.endsWith(".jar") || !new File(entry).getParentFile().getName().matches("[0-9a-f]{16}")) {
                continue;
            }
            try (JarFile jar = new JarFile(entry)) {
                Enumeration<JarEntry> all = jar.entries();
                while (all.hasMoreElements()) {
                    String name = all.nextElement().getName();
                    if (wanted(name)) {
                        load(loader, name.substring(0, name.length() - ".class".length()).replace('/', '.'));
                    }
                }
            }
        }
        Json.write(Json.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"x\",\"n\":1.5}]}}"));
    }

    private static boolean wanted(String name) {
        return name.endsWith(".class") && name.startsWith("io/mcpfuzzer/") && !name.endsWith("Test.class")
                && !name.endsWith("IT.class") && !name.contains("Test$") && !name.contains("IT$");
    }

    private static void load(ClassLoader loader, String name) {
        try {
            Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            // a class that needs what is not on the class path is simply not archived
        }
    }
}
