/**
 * The values of an agent's steps and turns: what a reasoner sees ({@link dev.memloop.runtime.step.StepContext},
 * its memory handle {@link dev.memloop.runtime.step.StepMemory}), what it decides, and what each step and turn
 * recorded. Plain immutable data, free of Pekko and of the rest of the runtime.
 */
package dev.memloop.runtime.step;
