/**
 * JDK Flight Recorder events for where an agent's time goes: {@link dev.memloop.memory.jfr.MemoryOperationEvent}
 * for every embedding and store operation of a {@code WorkingMemory}, and the runtime's budget decisions
 * (category "memloop"). Recorded only while a recording enables them ({@code jcmd PID JFR.start}, or
 * {@code -XX:StartFlightRecording}); otherwise each costs one check of a flag (measured in docs/BENCHMARKS.md).
 */
package dev.memloop.memory.jfr;
