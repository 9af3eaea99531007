/**
 * The shared blackboard for co-located agents: a blackboard actor that owns a thread-safe working memory,
 * and the read view agents consult directly on every step.
 */
package dev.memloop.blackboard;
