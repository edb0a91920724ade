package io.mcpfuzzer.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A small real program standing in for the fuzzer's jar in launcher tests: it prints
 * {@code args=[a|b]} and exits with a given code, so a launcher can be tested without a packaged
 * build.
 */
final class EchoJar {
    private EchoJar() {}

    /** Compiles the program in {@code classes} and writes an executable jar of it to {@code jar}. */
    static void write(Path classes, Path jar, int exitCode) throws IOException {
        Path src = Files.createDirectories(classes).resolve("Echo.java");
        Files.writeString(src, "public class Echo { public static void main(String[] a) {"
                + " System.out.println(\"args=[\" + String.join(\"|\", a) + \"]\"); System.exit(" + exitCode + "); } }");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "--release", "17", "-d", classes.toString(), src.toString())).isZero();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Echo");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jos = new JarOutputStream(out, manifest)) {
            jos.putNextEntry(new JarEntry("Echo.class"));
            jos.write(Files.readAllBytes(classes.resolve("Echo.class")));
            jos.closeEntry();
        }
    }
}
