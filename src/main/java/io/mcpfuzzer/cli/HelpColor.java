package io.mcpfuzzer.cli;

/**
 * Colour of {@code --help}, which is printed before the settings are resolved: off when the
 * arguments ask for no colour ({@code --no-color}, {@code --color never}, {@code --color=never}).
 * NO_COLOR and the terminal check are applied by the caller. Stateless.
 */
final class HelpColor {
    private HelpColor() {}

    static boolean off(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--no-color") || a.equalsIgnoreCase("--color=never")
                    || (a.equals("--color") && i + 1 < args.length && args[i + 1].equalsIgnoreCase("never"))) {
                return true;
            }
        }
        return false;
    }
}
