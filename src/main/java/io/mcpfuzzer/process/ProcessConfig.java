package io.mcpfuzzer.process;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Immutable description of one process to start. Build with {@link #builder(List)}.
 *
 * <p>Environment: with {@code inheritEnvironment} (the default) the child gets this JVM's environment
 * with {@code env} applied on top; without it the child gets exactly {@code env}. Either way the
 * runtime adds {@value #MARKER_VARIABLE} (unless {@code markEnvironment(false)}) so that descendants
 * that leave the process group can still be recognised and stopped.
 */
public final class ProcessConfig {
    /** Environment variable that tags every process the runtime starts and its descendants. */
    public static final String MARKER_VARIABLE = "MCPFUZZER_PROCESS_TOKEN";
    /** Default size of the stderr ring buffer: 256 KiB. */
    public static final int DEFAULT_STDERR_BUFFER = 256 * 1024;
    /** Default window in which an exit counts as a failed start: 300 ms. */
    public static final Duration DEFAULT_STARTUP_WINDOW = Duration.ofMillis(300);

    private final List<String> command;
    private final Path cwd;
    private final Map<String, String> env;
    private final boolean inheritEnvironment;
    private final boolean markEnvironment;
    private final Duration timeout;
    private final Boolean autoKill;
    private final String name;
    private final ActivityCallback activityCallback;
    private final ResourceLimits resourceLimits;
    private final int stderrBufferBytes;
    private final Consumer<String> stderrLineListener;
    private final boolean discardStdout;
    private final Duration startupWindow;

    private ProcessConfig(Builder b) {
        this.command = List.copyOf(b.command);
        this.cwd = b.cwd;
        this.env = Collections.unmodifiableMap(new LinkedHashMap<>(b.env));
        this.inheritEnvironment = b.inheritEnvironment;
        this.markEnvironment = b.markEnvironment;
        this.timeout = b.timeout;
        this.autoKill = b.autoKill;
        this.name = b.name != null ? b.name : defaultName(command);
        this.activityCallback = b.activityCallback;
        this.resourceLimits = b.resourceLimits;
        this.stderrBufferBytes = b.stderrBufferBytes;
        this.stderrLineListener = b.stderrLineListener;
        this.discardStdout = b.discardStdout;
        this.startupWindow = b.startupWindow;
    }

    /** Starts a builder for {@code command} (program first, then its arguments; no shell involved). */
    public static Builder builder(List<String> command) {
        return new Builder(command);
    }

    /** Varargs form of {@link #builder(List)}. */
    public static Builder builder(String... command) {
        return new Builder(List.of(command));
    }

    public List<String> command() {
        return command;
    }

    /** Working directory, or null to inherit this JVM's. */
    public Path cwd() {
        return cwd;
    }

    /** Entries applied on top of (or, without inheritance, used as) the child's environment. */
    public Map<String, String> env() {
        return env;
    }

    public boolean inheritEnvironment() {
        return inheritEnvironment;
    }

    public boolean markEnvironment() {
        return markEnvironment;
    }

    /** Per-request deadline for the watchdog, or null to use {@link WatchdogConfig#processTimeout()}. */
    public Duration timeout() {
        return timeout;
    }

    /** Per-process autoKill override, or null to use {@link WatchdogConfig#autoKill()}. */
    public Boolean autoKill() {
        return autoKill;
    }

    public String name() {
        return name;
    }

    /** May be null. */
    public ActivityCallback activityCallback() {
        return activityCallback;
    }

    /** May be null (no prlimit wrapper). */
    public ResourceLimits resourceLimits() {
        return resourceLimits;
    }

    public int stderrBufferBytes() {
        return stderrBufferBytes;
    }

    /** May be null. Called on the stderr drain thread with each line (truncated to 8 KiB). */
    public Consumer<String> stderrLineListener() {
        return stderrLineListener;
    }

    public boolean discardStdout() {
        return discardStdout;
    }

    public Duration startupWindow() {
        return startupWindow;
    }

    @Override
    public String toString() {
        return "ProcessConfig[name=" + name + ", command=" + command + ", cwd=" + cwd + ", envKeys="
                + env.keySet() + ", inheritEnvironment=" + inheritEnvironment + "]";
    }

    private static String defaultName(List<String> command) {
        String first = command.get(0);
        int slash = first.lastIndexOf('/');
        return slash >= 0 ? first.substring(slash + 1) : first;
    }

    /** Mutable builder; not thread-safe. */
    public static final class Builder {
        private final List<String> command;
        private Path cwd;
        private final Map<String, String> env = new LinkedHashMap<>();
        private boolean inheritEnvironment = true;
        private boolean markEnvironment = true;
        private Duration timeout;
        private Boolean autoKill;
        private String name;
        private ActivityCallback activityCallback;
        private ResourceLimits resourceLimits;
        private int stderrBufferBytes = DEFAULT_STDERR_BUFFER;
        private Consumer<String> stderrLineListener;
        private boolean discardStdout;
        private Duration startupWindow = DEFAULT_STARTUP_WINDOW;

        private Builder(List<String> command) {
            this.command = validate(command);
        }

        public Builder cwd(Path dir) {
            this.cwd = dir;
            return this;
        }

        /** Adds or replaces one environment entry. */
        public Builder env(String key, String value) {
            env.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Adds or replaces all entries of {@code entries}. */
        public Builder env(Map<String, String> entries) {
            entries.forEach(this::env);
            return this;
        }

        /** False gives the child exactly {@link #env(Map)} (plus the marker variable). Default true. */
        public Builder inheritEnvironment(boolean inherit) {
            this.inheritEnvironment = inherit;
            return this;
        }

        /** False leaves out {@value ProcessConfig#MARKER_VARIABLE}: escaped daemons are then harder to find. */
        public Builder markEnvironment(boolean mark) {
            this.markEnvironment = mark;
            return this;
        }

        public Builder timeout(Duration requestTimeout) {
            this.timeout = Durations.requirePositive(requestTimeout, "timeout");
            return this;
        }

        public Builder autoKill(boolean kill) {
            this.autoKill = kill;
            return this;
        }

        public Builder name(String processName) {
            this.name = Objects.requireNonNull(processName, "name");
            return this;
        }

        public Builder activityCallback(ActivityCallback callback) {
            this.activityCallback = callback;
            return this;
        }

        public Builder resourceLimits(ResourceLimits limits) {
            this.resourceLimits = limits;
            return this;
        }

        public Builder stderrBufferBytes(int bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("stderrBufferBytes must be at least 1024, got " + bytes);
            }
            this.stderrBufferBytes = bytes;
            return this;
        }

        public Builder stderrLineListener(Consumer<String> listener) {
            this.stderrLineListener = listener;
            return this;
        }

        /** Sends stdout to the null device (for processes nobody talks to); stdout() is then empty. */
        public Builder discardStdout() {
            this.discardStdout = true;
            return this;
        }

        public Builder startupWindow(Duration window) {
            this.startupWindow = Durations.requireNonNegative(window, "startupWindow");
            return this;
        }

        public ProcessConfig build() {
            return new ProcessConfig(this);
        }

        private static List<String> validate(List<String> command) {
            if (command == null || command.isEmpty()) {
                throw new IllegalArgumentException("ProcessConfig requires a non-empty command");
            }
            for (String part : command) {
                if (part == null) {
                    throw new IllegalArgumentException("command contains null: " + command);
                }
            }
            String first = command.get(0);
            if (first.isBlank()) {
                throw new IllegalArgumentException("the program name is blank: " + command);
            }
            if (command.size() == 1 && first.strip().matches(".*\\s.*") && !existingFile(first)) {
                throw new IllegalArgumentException("command \"" + first + "\" is one string with spaces;"
                        + " give the command as a list, for example List.of(\"python3\", \"server.py\")");
            }
            return List.copyOf(command);
        }

        private static boolean existingFile(String s) {
            try {
                return Files.isRegularFile(Path.of(s));
            } catch (InvalidPathException e) {
                return false;
            }
        }
    }
}
