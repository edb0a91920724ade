/**
 * Tool-argument generation from JSON Schema, with seeded reproducibility. No I/O of any kind.
 *
 * <p>Entry point: {@link io.mcpfuzzer.generate.ToolInputPlanner#plan}. Supporting public types:
 * {@link io.mcpfuzzer.generate.SchemaGenerator} (realistic values),
 * {@link io.mcpfuzzer.generate.SchemaValidator} (networknt, budgeted),
 * {@link io.mcpfuzzer.generate.Seeds}, {@link io.mcpfuzzer.generate.Phase},
 * {@link io.mcpfuzzer.generate.AggressiveStrategy}, {@link io.mcpfuzzer.generate.GeneratedInput},
 * {@link io.mcpfuzzer.generate.GenerationProblem}, {@link io.mcpfuzzer.generate.GenerationLimits}
 * and {@link io.mcpfuzzer.generate.Validation}. Everything else is package-private.
 */
package io.mcpfuzzer.generate;
