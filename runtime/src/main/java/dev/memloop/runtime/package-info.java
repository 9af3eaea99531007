/**
 * The agent runtime on Pekko: the step loop, memory policies, latency budgets, context windows, reasoners,
 * per-agent configuration and fleets.
 */
package dev.memloop.runtime;
