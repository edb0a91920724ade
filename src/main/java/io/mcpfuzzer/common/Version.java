package io.mcpfuzzer.common;

/** The fuzzer's own version, from the jar manifest; {@code dev} when run from classes. */
public final class Version {
    private Version() {}

    public static String get() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
