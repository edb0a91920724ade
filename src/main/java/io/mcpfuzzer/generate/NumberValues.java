package io.mcpfuzzer.generate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Valid, varied integers and numbers for a {@link SchemaView}: honours minimum/maximum in both
 * draft-04 (boolean) and later (numeric) exclusive forms and multipleOf, using exact decimal
 * arithmetic so that {@code multipleOf: 0.1} yields {@code 0.3}, not {@code 0.30000000000000004}.
 * Stateless.
 */
final class NumberValues {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final BigInteger WIDE = BigInteger.valueOf(1_000_000);
    private static final BigInteger MAX_SAFE = BigInteger.valueOf(9_007_199_254_740_991L);
    private static final BigInteger MIN_SAFE = MAX_SAFE.negate();

    private NumberValues() {}

    static JsonNode integer(SchemaView v, String hint, GenContext ctx, String ptr) {
        SplittableRandom r = ctx.random;
        BigInteger lo = v.bounds.lower == null ? null : ceilInclusive(v.bounds.lower, v.bounds.lowerExclusive);
        BigInteger hi = v.bounds.upper == null ? null : floorInclusive(v.bounds.upper, v.bounds.upperExclusive);
        BigInteger low = lo;
        BigInteger high = hi;
        List<Long> described = DescribedNumbers.of(v.description).stream()
                .filter(x -> (low == null || low.compareTo(BigInteger.valueOf(x)) <= 0)
                        && (high == null || high.compareTo(BigInteger.valueOf(x)) >= 0)
                        && v.multipleOf.stream().allMatch(m -> new BigDecimal(x).remainder(m).signum() == 0))
                .toList();
        if (described.size() >= 2 && r.nextInt(5) > 0) { // what a client reading the description sends
            return F.numberNode(described.get(r.nextInt(described.size())));
        }
        long[] hinted = NameHints.integerRange(hint);
        if (lo != null && hi != null && lo.equals(MIN_SAFE) && hi.equals(MAX_SAFE)) {
            lo = null; // zod's int() declares every safe integer: a bound of the type, not of the parameter
            hi = null;
        }
        if (lo == null && hi == null) {
            if (hinted != null && r.nextInt(5) > 0) {
                lo = BigInteger.valueOf(hinted[0]);
                hi = BigInteger.valueOf(hinted[1]);
            } else if (r.nextInt(10) == 0) {
                lo = BigInteger.ZERO;
                hi = BigInteger.valueOf(100);
            } else {
                lo = BigInteger.valueOf(-10_000);
                hi = WIDE;
            }
        } else if (lo == null) {
            lo = hi.subtract(WIDE);
        } else if (hi == null) {
            hi = lo.add(hinted != null ? BigInteger.valueOf(Math.max(1, hinted[1] - hinted[0])) : WIDE);
        }
        if (lo.compareTo(hi) > 0) {
            ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, "no integer in range " + v.bounds.lower + ".." + v.bounds.upper);
            return F.numberNode(lo);
        }
        BigInteger step = BigInteger.ONE;
        for (BigDecimal m : v.multipleOf) {
            step = lcm(step, integerStep(m));
        }
        BigInteger kLo = ceilDiv(lo, step);
        BigInteger kHi = floorDiv(hi, step);
        if (kLo.compareTo(kHi) > 0) {
            ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, "no multiple of " + step + " in range " + lo + ".." + hi);
            return F.numberNode(lo);
        }
        BigInteger k = pickInRange(kLo, kHi, r);
        return node(k.multiply(step));
    }

    static JsonNode number(SchemaView v, String hint, GenContext ctx, String ptr) {
        SplittableRandom r = ctx.random;
        SchemaView.Bounds b = v.bounds;
        BigDecimal lo = b.lower;
        BigDecimal hi = b.upper;
        long[] hinted = NameHints.integerRange(hint);
        // a limit of 87.19 is no realistic call (firecrawl-mcp declares "number" and requires integers:
        // fractional limits made every realistic call a rejection); edge classes and mutations still send fractions
        boolean whole = NameHints.wholeQuantity(hint);
        if (lo == null && hi == null) {
            lo = BigDecimal.valueOf(hinted != null ? hinted[0] : -1000);
            hi = BigDecimal.valueOf(hinted != null ? hinted[1] : 1000);
        } else if (lo == null) {
            lo = hi.subtract(BigDecimal.valueOf(1000));
        } else if (hi == null) {
            hi = lo.add(BigDecimal.valueOf(1000));
        }
        if (!v.multipleOf.isEmpty()) {
            return multipleInRange(v, lo, hi, ctx, ptr);
        }
        whole = whole && hi.subtract(lo).compareTo(BigDecimal.valueOf(2)) >= 0; // room for a few whole values
        for (int attempt = 0; attempt < 16; attempt++) {
            BigDecimal candidate;
            int mode = r.nextInt(10);
            if (mode == 0) {
                candidate = r.nextBoolean() ? lo : hi;
            } else {
                double fraction = r.nextDouble();
                candidate = lo.add(hi.subtract(lo).multiply(BigDecimal.valueOf(fraction)));
                candidate = candidate.setScale(mode < 3 || whole ? 0 : r.nextInt(1, 5), RoundingMode.HALF_EVEN);
            }
            if (inBounds(candidate, b)) {
                return node(candidate);
            }
        }
        BigDecimal mid = lo.add(hi).divide(BigDecimal.valueOf(2));
        if (!inBounds(mid, b)) {
            ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, "no number in range " + lo + ".." + hi);
        }
        return node(mid);
    }

    private static JsonNode multipleInRange(SchemaView v, BigDecimal lo, BigDecimal hi, GenContext ctx, String ptr) {
        BigDecimal m = v.multipleOf.get(0);
        BigInteger kLo = lo.divide(m, 0, RoundingMode.CEILING).toBigInteger();
        BigInteger kHi = hi.divide(m, 0, RoundingMode.FLOOR).toBigInteger();
        for (int attempt = 0; attempt < 16 && kLo.compareTo(kHi) <= 0; attempt++) {
            BigDecimal candidate = m.multiply(new BigDecimal(pickInRange(kLo, kHi, ctx.random)));
            if (inBounds(candidate, v.bounds) && allMultiples(candidate, v.multipleOf)) {
                return node(candidate);
            }
        }
        ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, "no multiple of " + v.multipleOf + " found in " + lo + ".." + hi);
        return node(lo);
    }

    static boolean inBounds(BigDecimal x, SchemaView.Bounds b) {
        if (b.lower != null) {
            int c = x.compareTo(b.lower);
            if (c < 0 || c == 0 && b.lowerExclusive) {
                return false;
            }
        }
        if (b.upper != null) {
            int c = x.compareTo(b.upper);
            return c < 0 || c == 0 && !b.upperExclusive;
        }
        return true;
    }

    private static boolean allMultiples(BigDecimal x, List<BigDecimal> ms) {
        for (BigDecimal m : ms) {
            if (x.remainder(m).signum() != 0) {
                return false;
            }
        }
        return true;
    }

    /** Smallest positive integer s such that integers multiple of s are exactly the integer multiples of m. */
    private static BigInteger integerStep(BigDecimal m) {
        BigDecimal stripped = m.stripTrailingZeros();
        if (stripped.scale() <= 0) {
            return stripped.toBigIntegerExact();
        }
        BigInteger unscaled = stripped.unscaledValue();
        BigInteger denominator = BigInteger.TEN.pow(stripped.scale());
        return unscaled.divide(unscaled.gcd(denominator));
    }

    private static BigInteger lcm(BigInteger a, BigInteger b) {
        return a.divide(a.gcd(b)).multiply(b);
    }

    static BigInteger ceilInclusive(BigDecimal bound, boolean exclusive) {
        BigInteger c = bound.setScale(0, RoundingMode.CEILING).toBigInteger();
        return exclusive && new BigDecimal(c).compareTo(bound) == 0 ? c.add(BigInteger.ONE) : c;
    }

    static BigInteger floorInclusive(BigDecimal bound, boolean exclusive) {
        BigInteger f = bound.setScale(0, RoundingMode.FLOOR).toBigInteger();
        return exclusive && new BigDecimal(f).compareTo(bound) == 0 ? f.subtract(BigInteger.ONE) : f;
    }

    private static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    private static BigInteger floorDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    /** Uniform-ish pick in [lo, hi], with an 8% bias towards the boundaries and small values. */
    static BigInteger pickInRange(BigInteger lo, BigInteger hi, SplittableRandom r) {
        if (r.nextInt(100) < 8) {
            List<BigInteger> edges = new ArrayList<>(List.of(lo, hi, lo.add(BigInteger.ONE), hi.subtract(BigInteger.ONE),
                    BigInteger.ZERO, BigInteger.ONE));
            edges.removeIf(e -> e.compareTo(lo) < 0 || e.compareTo(hi) > 0);
            return edges.get(r.nextInt(edges.size()));
        }
        BigInteger span = hi.subtract(lo);
        if (span.bitLength() < 62) {
            return lo.add(BigInteger.valueOf(r.nextLong(span.longValueExact() + 1)));
        }
        return lo.add(new BigInteger(span.bitLength() + 8, new java.util.Random(r.nextLong())).mod(span.add(BigInteger.ONE)));
    }

    static JsonNode node(BigInteger value) {
        return value.bitLength() < 64 ? F.numberNode(value.longValue()) : F.numberNode(value);
    }

    static JsonNode node(BigDecimal value) {
        BigDecimal v = value.scale() < 0 ? value.setScale(0) : value;
        if (v.scale() == 0) {
            return node(v.toBigInteger());
        }
        return F.numberNode(v);
    }
}
