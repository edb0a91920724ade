package io.mcpfuzzer.cli;

/** Our version: the jar manifest's Implementation-Version, or "dev" when run from classes. */
public final class VersionInfo {
    private VersionInfo() {}

    public static String version() {
        String v = VersionInfo.class.getPackage().getImplementationVersion();
        return v == null || v.isBlank() ? "dev" : v;
    }
}
