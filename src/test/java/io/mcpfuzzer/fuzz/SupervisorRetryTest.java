package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.fuzz.targets.TargetStartException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Start failures: a permanent one blocks at once, a transient one is retried up to the limit. */
class SupervisorRetryTest {
    /** A factory whose every start fails the same way. */
    private static final class Failing implements TargetFactory {
        final AtomicInteger starts = new AtomicInteger();
        final boolean permanent;

        Failing(boolean permanent) {
            this.permanent = permanent;
        }

        @Override
        public Target start() throws TargetStartException {
            starts.incrementAndGet();
            throw new TargetStartException("cannot start: reason " + (permanent ? "permanent" : "transient"), null,
                    permanent);
        }

        @Override
        public String transport() {
            return "stdio";
        }

        @Override
        public String describe() {
            return "failing";
        }
    }

    @Test
    void aPermanentFailureIsNotRetried() {
        Failing factory = new Failing(true);
        try (Supervisor supervisor = new Supervisor(factory, 3)) {
            Supervisor.BlockedException e = catchThrowableOfType(Supervisor.BlockedException.class, supervisor::current);
            assertThat(e.getMessage()).contains("not retried").contains("reason permanent");
            assertThat(factory.starts.get()).isEqualTo(1);
            catchThrowableOfType(Supervisor.BlockedException.class, supervisor::current);
            assertThat(factory.starts.get()).isEqualTo(1); // asking again does not start it again
        }
    }

    @Test
    void aTransientFailureIsRetriedUpToTheLimit() {
        Failing factory = new Failing(false);
        try (Supervisor supervisor = new Supervisor(factory, 3)) {
            Supervisor.BlockedException e = catchThrowableOfType(Supervisor.BlockedException.class, supervisor::current);
            assertThat(e.getMessage()).contains("3 times in a row").contains("reason transient");
            assertThat(factory.starts.get()).isEqualTo(3);
        }
    }
}
