/**
 * The {@code memloop} command and what it runs, in four places: {@code cli} (the commands, thin, and their shared
 * options), {@code experiments} (the paper's reproduction: one class per table or figure, its registry, a {@code .md}
 * each), {@code benchmarks} (the side-by-side measurements: store, lifecycle, embed, board, runtime, cluster, and the
 * PGlite server for Table 3), and {@code report} (tables, figures, run directories). The JMH benchmarks are module
 * {@code jmh}.
 */
package dev.memloop.bench;
