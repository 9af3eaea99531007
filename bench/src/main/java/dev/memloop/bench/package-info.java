/**
 * The memloop command line, the paper's experiments, side-by-side benchmarks (JMH and memloop bench) and
 * their reports.
 */
package dev.memloop.bench;
