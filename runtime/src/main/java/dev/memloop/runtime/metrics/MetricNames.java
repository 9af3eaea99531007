package dev.memloop.runtime.metrics;

/**
 * Every meter memloop registers, by its Micrometer name (dots; the Prometheus registry writes {@code memloop.steps}
 * as {@code memloop_steps_total}, a timer {@code memloop.memory.operation} as {@code memloop_memory_operation_seconds}).
 * Tags: {@link #GROUP} and {@link #POLICY} on everything an agent does. docs/METRICS.md lists each with its unit.
 */
public final class MetricNames {

  public static final String GROUP = "group";
  public static final String POLICY = "policy";
  /** On {@link #MEMORY_OPERATION}: {@code embed}, {@code store} or {@code round_trip}. */
  public static final String OPERATION = "operation";
  /** On {@link #GUARD_CHECKS}: the guard's outcome, lower case ({@code hit}, {@code miss}, {@code unaffordable}...). */
  public static final String OUTCOME = "outcome";

  /** Turns answered (counter). */
  public static final String TURNS = "memloop.turns";
  /** Steps run (counter). */
  public static final String STEPS = "memloop.steps";
  /** Actions carried out: allowed by the guard and completed by the executor (counter). */
  public static final String ACTIONS_EXECUTED = "memloop.actions.executed";
  /** Guard lookups by outcome; {@code hit} is an action blocked as a repeat (counter). */
  public static final String GUARD_CHECKS = "memloop.guard.checks";
  /** Lookups (the guard's and the reasoner's) the turn's budget could not afford (counter). */
  public static final String LOOKUPS_UNAFFORDABLE = "memloop.lookups.unaffordable";
  /** A memory lookup's parts: embedding, the store's work, the round trip (timer, seconds). */
  public static final String MEMORY_OPERATION = "memloop.memory.operation";
  /** Lookup budget granted to turns, and spent by them (counters, seconds). */
  public static final String BUDGET_GRANTED = "memloop.budget.granted";
  public static final String BUDGET_SPENT = "memloop.budget.spent";
  /** Turns aborted by a failed step (counter). */
  public static final String TURNS_ABORTED = "memloop.turns.aborted";
  /**
   * Executed actions whose line the same agent had executed before, counted live as turns are answered (counter):
   * what the guard exists to prevent, whatever the workload.
   */
  public static final String ACTIONS_REPEATED = "memloop.actions.repeated";
  /** Executed actions that repeated earlier work, counted when a run is graded (counter). */
  public static final String REDUNDANT_ACTIONS = "memloop.redundant.actions";
  /** Agents with turns still to run (gauge). */
  public static final String AGENTS_ALIVE = "memloop.agents.alive";
  /** Agents hosted by this node: sharded entities started and not stopped (gauge). */
  public static final String AGENTS_HOSTED = "memloop.agents.hosted";
  /** Sharded agents started on this node from their replicated snapshot, after a move or a restart (counter). */
  public static final String HANDOFFS = "memloop.handoffs";
  /**
   * A blackboard post from another node: its origin's acknowledgement to its readability here (timer, seconds; the
   * two clocks are one machine's, or must be synchronised). Its count is the posts that arrived.
   */
  public static final String BOARD_PROPAGATION = "memloop.board.propagation";
  /**
   * Messages waiting in the mailboxes of memloop's actors, this JVM (gauge), when {@link CountingMailbox} is on: a
   * fleet whose agents cannot keep up shows it growing.
   */
  public static final String MAILBOX_BACKLOG = "memloop.mailbox.backlog";
  /** Model calls, by outcome ({@code ok}, {@code error}), and their latency (timer, seconds). */
  public static final String LLM_CALLS = "memloop.llm.calls";
  /** Tokens sent to and received from the model, by {@code direction} ({@code input}, {@code output}) (counter). */
  public static final String LLM_TOKENS = "memloop.llm.tokens";
  /**
   * Executed actions written to memory, by {@link #OUTCOME} ({@code stored}, {@code merged}, {@code buffered},
   * {@code pending}, {@code refused}...); for agents whose memory is the blackboard these are their posts (counter).
   */
  public static final String MEMORY_WRITES = "memloop.memory.writes";

  /**
   * Tool calls LLM reasoners made, by {@code tool} (its name as the model saw it; names past the first
   * {@value dev.memloop.runtime.step.ToolCall#MAX_NAMED_TOOLS} of a run are {@code other}) and {@link #OUTCOME}
   * ({@code done}, {@code blocked}, {@code failed}, {@code unknown_tool}...) (counter).
   */
  public static final String TOOL_CALLS = "memloop.tool.calls";

  private MetricNames() {}
}
