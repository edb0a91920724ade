package io.mcpfuzzer.generate.regex;

import java.util.List;
import java.util.SplittableRandom;

/** A parsed regex fragment that can emit a matching string. Immutable. */
abstract class RegexNode {

    /** Shortest output this node can produce, in chars (saturating). */
    abstract int minLength();

    abstract void emit(Emitter out);

    /** Mutable generation state for one attempt. Not thread-safe. */
    static final class Emitter {
        final StringBuilder text = new StringBuilder();
        final SplittableRandom random;
        final int targetLength;
        final int hardCap;
        boolean overflow;

        Emitter(SplittableRandom random, int targetLength, int hardCap) {
            this.random = random;
            this.targetLength = targetLength;
            this.hardCap = hardCap;
        }

        void append(int codePoint) {
            if (text.length() >= hardCap) {
                overflow = true;
                return;
            }
            text.appendCodePoint(codePoint);
        }

        int remaining() {
            return targetLength - text.length();
        }
    }

    static final class Empty extends RegexNode {
        @Override
        int minLength() {
            return 0;
        }

        @Override
        void emit(Emitter out) {}
    }

    static final class Chars extends RegexNode {
        final CharSet set;

        Chars(CharSet set) {
            this.set = set;
        }

        @Override
        int minLength() {
            return 1;
        }

        @Override
        void emit(Emitter out) {
            out.append(set.pick(out.random));
        }
    }

    static final class Sequence extends RegexNode {
        final List<RegexNode> parts;

        Sequence(List<RegexNode> parts) {
            this.parts = List.copyOf(parts);
        }

        @Override
        int minLength() {
            long sum = 0;
            for (RegexNode part : parts) {
                sum += part.minLength();
            }
            return (int) Math.min(Integer.MAX_VALUE, sum);
        }

        @Override
        void emit(Emitter out) {
            for (RegexNode part : parts) {
                part.emit(out);
            }
        }
    }

    static final class Alternation extends RegexNode {
        final List<RegexNode> options;

        Alternation(List<RegexNode> options) {
            this.options = List.copyOf(options);
        }

        @Override
        int minLength() {
            int min = Integer.MAX_VALUE;
            for (RegexNode option : options) {
                min = Math.min(min, option.minLength());
            }
            return min;
        }

        @Override
        void emit(Emitter out) {
            options.get(out.random.nextInt(options.size())).emit(out);
        }
    }

    static final class Repeat extends RegexNode {
        static final int UNBOUNDED = -1;
        final RegexNode body;
        final int min;
        final int max;

        Repeat(RegexNode body, int min, int max) {
            this.body = body;
            this.min = min;
            this.max = max;
        }

        @Override
        int minLength() {
            return (int) Math.min(Integer.MAX_VALUE, (long) min * body.minLength());
        }

        @Override
        void emit(Emitter out) {
            int count = min;
            int per = Math.max(1, body.minLength());
            int room = Math.max(0, out.remaining() - min * per) / per;
            int upper = max == UNBOUNDED ? min + Math.min(room, 64) : Math.min(max, min + Math.max(room, 0));
            if (max != UNBOUNDED && out.random.nextInt(4) == 0) {
                upper = max;
            }
            upper = Math.min(upper, min + 10_000);
            if (upper > count) {
                count += out.random.nextInt(upper - count + 1);
            }
            for (int i = 0; i < count && !out.overflow; i++) {
                body.emit(out);
            }
        }
    }
}
