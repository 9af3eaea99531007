/**
 * Seeded, Pekko-free workload generators and graders: alert streams, candidate actions, the trip
 * conversation, fleet workloads and vector sets. Every generator takes an explicit seed.
 */
package dev.memloop.workloads;
