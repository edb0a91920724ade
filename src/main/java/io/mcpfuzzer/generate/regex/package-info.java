/**
 * Regex support for generation: a string generator for the common ECMA-262 subset
 * ({@link io.mcpfuzzer.generate.regex.RegexGenerator}) and budgeted matching that cannot be
 * hung by catastrophic backtracking ({@link io.mcpfuzzer.generate.regex.BoundedMatcher}).
 */
package io.mcpfuzzer.generate.regex;
