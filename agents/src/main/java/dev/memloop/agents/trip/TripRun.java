package dev.memloop.agents.trip;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.MemoryOp;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.trip.TripConversation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * One trip conversation run by a trip agent on an actor system: each user message a turn, sent when the previous
 * one is answered; then the agent's snapshot (what its memory kept) and its stop. The final answer is graded by
 * keyword. Blocks the calling thread (an experiment's), never an actor's.
 */
public final class TripRun {

  private static final AtomicLong AGENTS = new AtomicLong();

  /**
   * What the conversation produced, graded.
   *
   * @param policy the memory arm's label ({@code -} outside the memory condition)
   * @param writes remember calls made; {@code stored} items the memory held at the end
   * @param finalRead how the last turn's recall ended (null when there was none)
   */
  public record Outcome(TripCondition condition, String policy, long seed, String finalAnswer, int recalled,
      int writes, int stored, long estimatedTokens, MemoryOutcome finalRead, List<Long> rememberNanos,
      List<Long> recallNanos) {}

  private TripRun() {}

  /** @param characters the estimate the agent's reasoner adds to (simulated models), or null (real ones count) */
  public static Outcome run(ActorSystem<?> system, AgentSpec spec, TripCondition condition, String policy,
      TripConversation conversation, java.util.concurrent.atomic.LongAdder characters, Duration turnTimeout)
      throws Exception {
    ActorRef<Agent.Command> agent = system.systemActorOf(Agent.create(spec), "trip-" + AGENTS.incrementAndGet(),
        MemloopDispatcher.props());
    List<TurnResult> turns = new ArrayList<>();
    try {
      List<String> messages = conversation.userMessages();
      for (int t = 0; t < messages.size(); t++) {
        Turn turn = new Turn(t, List.of(new Observation("m" + t, messages.get(t))));
        TurnResult result = AskPattern.<Agent.Command, TurnResult>ask(agent, replyTo -> new Agent.RunTurn(turn, replyTo),
            turnTimeout, system.scheduler()).toCompletableFuture().get(turnTimeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
        if (result.aborted()) {
          throw new IllegalStateException("turn " + t + " of trip conversation " + conversation.seed() + " failed: "
              + result.failure());
        }
        turns.add(result);
      }
      AgentSnapshot snapshot = AskPattern.<Agent.Command, AgentSnapshot>ask(agent, Agent.GetSnapshot::new, turnTimeout,
          system.scheduler()).toCompletableFuture().get(turnTimeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
      return outcome(condition, policy, conversation, turns, snapshot, characters);
    } finally {
      agent.tell(Agent.Stop.INSTANCE);
    }
  }

  private static Outcome outcome(TripCondition condition, String policy, TripConversation conversation,
      List<TurnResult> turns, AgentSnapshot snapshot, java.util.concurrent.atomic.LongAdder characters) {
    List<Long> remember = new ArrayList<>();
    List<Long> recall = new ArrayList<>();
    int writes = 0;
    MemoryOutcome finalRead = null;
    for (TurnResult turn : turns) {
      for (StepRecord step : turn.steps()) {
        for (MemoryCall call : step.memory()) {
          if (call.op().writes()) {
            writes++;
            if (call.outcome() == MemoryOutcome.STORED) {
              remember.add(call.cost().embedNanos() + call.cost().storeNanos());
            }
          } else if (call.op() == MemoryOp.RECALL) {
            finalRead = call.outcome();
            if (call.outcome() == MemoryOutcome.ANSWERED) {
              recall.add(call.cost().chargedNanos());
            }
          }
        }
      }
    }
    StepRecord last = turns.get(turns.size() - 1).steps().get(0);
    String answer = last.decision().actionLine();
    return new Outcome(condition, policy, conversation.seed(), answer, KeywordGrader.grade(answer,
        conversation.constraints()), writes, snapshot.items().size(), characters == null ? 0 : characters.sum() / 4,
        finalRead, remember, recall);
  }
}
