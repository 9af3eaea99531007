package dev.memloop.runtime.fleet;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.TurnAnswers;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.Done;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.stream.ActorAttributes;
import org.apache.pekko.stream.Attributes;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.QueueOfferResult;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;

/**
 * Runs one fleet: spawns every member as a child, feeds each its turns through one stream (one turn in flight
 * per agent: an agent's next turn is queued once its answer has passed, which is its backpressure), sends a turn again
 * when its answer did not come in time or came aborted (up to {@link FleetOptions#retries}), tallies the answers,
 * then stops every agent and completes the result once all have stopped.
 */
final class FleetCoordinator extends AbstractBehavior<FleetCoordinator.Command> {

  private static final Attributes ON_MEMLOOP = ActorAttributes.dispatcher(MemloopDispatcher.PATH);

  interface Command {}

  private record StreamFinished(Throwable failure) implements Command {}

  static Behavior<Command> create(List<FleetMember> members, FleetOptions options, FleetListener listener,
      CompletableFuture<FleetResult> result) {
    return Behaviors.setup(context -> new FleetCoordinator(context, members, options, listener, result));
  }

  private final CompletableFuture<FleetResult> result;
  private final FleetListener listener;
  private final List<ActorRef<Agent.Command>> agents = new ArrayList<>();
  private final FleetTally tally;
  private final long start;
  private long wallNanos;
  private boolean streamDone;
  private String failure;
  private int running;
  private final AtomicLong retried = new AtomicLong(); // asks complete on the scheduler's and the agents' threads

  private FleetCoordinator(ActorContext<Command> context, List<FleetMember> members, FleetOptions options,
      FleetListener listener, CompletableFuture<FleetResult> result) {
    super(context);
    this.result = result;
    this.listener = listener;
    Map<String, String> groupOf = new LinkedHashMap<>();
    members.forEach(member -> groupOf.put(member.id(), member.group()));
    this.tally = new FleetTally(groupOf);
    for (FleetMember member : members) {
      ActorRef<Agent.Command> agent = context.spawn(member.behavior(), member.id(), MemloopDispatcher.props());
      context.watch(agent);
      agents.add(agent);
    }
    running = agents.size();
    this.start = System.nanoTime();
    Source<TurnResult, ?> answers = options.lockstep() ? lockstep(context, members, options) : freeRunning(context,
        members, options);
    // the stream's stages run where the agents do, not on Pekko's default dispatcher
    CompletionStage<Done> done = answers.withAttributes(ON_MEMLOOP).runWith(Sink.foreach(turn -> {
      tally.add(turn); // the stream's last stage runs one element at a time: no lock needed
      listener.onTurn(turn);
    }), context.getSystem());
    context.pipeToSelf(done, (ok, error) -> new StreamFinished(error));
  }

  /** Turn {@code turn} of member {@code agent}: queued, or in flight. */
  private record Next(int agent, int turn) {}

  private record Answered(Next next, TurnResult result) {}

  /**
   * Every agent's turns through one stream, with no substream per agent: each agent's first turn is queued, and its
   * next once the previous one's answer has passed downstream (so an agent has one turn in flight and its answers
   * arrive in turn order), at most {@link FleetOptions#parallelism} turns in flight across the fleet. The queue holds
   * at most one entry per agent, so it never refuses one.
   */
  private Source<TurnResult, ?> freeRunning(ActorContext<Command> context, List<FleetMember> members,
      FleetOptions options) {
    int total = members.stream().mapToInt(m -> m.turns().size()).sum();
    if (total == 0) {
      return Source.empty();
    }
    // the queue is made when the stream is (one fused graph, run where the agents run): its first turns are offered
    // then, before any element flows
    AtomicReference<BoundedSourceQueue<Next>> queue = new AtomicReference<>();
    Source<Next, ?> turns = Source.<Next>queue(members.size()).mapMaterializedValue(made -> {
      queue.set(made);
      for (int i = 0; i < members.size(); i++) {
        if (!members.get(i).turns().isEmpty()) {
          enqueue(made, new Next(i, 0));
        }
      }
      return NotUsed.getInstance();
    });
    int[] unanswered = {total}; // read and written only by the map stage below, one element at a time
    int parallelism = Math.max(1, Math.min(options.parallelism(), members.size()));
    return turns
        .mapAsyncUnordered(parallelism, next -> ask(context, agents.get(next.agent()),
            members.get(next.agent()).turns().get(next.turn()), options).thenApply(result -> new Answered(next, result)))
        .map(answered -> {
          Next next = answered.next();
          if (next.turn() + 1 < members.get(next.agent()).turns().size()) {
            enqueue(queue.get(), new Next(next.agent(), next.turn() + 1));
          }
          if (--unanswered[0] == 0) {
            queue.get().complete();
          }
          return answered.result();
        });
  }

  private static void enqueue(BoundedSourceQueue<Next> queue, Next next) {
    QueueOfferResult offered = queue.offer(next);
    if (offered != QueueOfferResult.enqueued()) {
      throw new IllegalStateException("the fleet's queue refused turn " + next.turn() + " of agent " + next.agent()
          + ": " + offered);
    }
  }

  /** Turn t of every agent, all answered, before turn t + 1 of any. */
  private Source<TurnResult, ?> lockstep(ActorContext<Command> context, List<FleetMember> members, FleetOptions options) {
    int turns = members.stream().mapToInt(m -> m.turns().size()).max().orElse(0);
    List<Integer> indices = new ArrayList<>();
    for (int i = 0; i < members.size(); i++) {
      indices.add(i);
    }
    return Source.range(0, turns - 1).mapAsync(1, t -> Source.from(indices)
        .filter(i -> t < members.get(i).turns().size())
        .mapAsyncUnordered(Math.max(1, Math.min(options.parallelism(), members.size())),
            i -> ask(context, agents.get(i), members.get(i).turns().get(t), options))
        .withAttributes(ON_MEMLOOP).runWith(Sink.seq(), context.getSystem()))
        .mapConcat(results -> results);
  }

  /**
   * Turn {@code turn} of {@code agent}, sent again while its answer does not come within the turn timeout or comes
   * aborted, {@link FleetOptions#retries} times at most; the last answer (or timeout) is the turn's.
   */
  private CompletionStage<TurnResult> ask(ActorContext<Command> context, ActorRef<Agent.Command> agent, Turn turn,
      FleetOptions options) {
    return TurnAnswers.retried(() -> AskPattern.ask(agent, replyTo -> new Agent.RunTurn(turn, replyTo),
        options.turnTimeout(), context.getSystem().scheduler()), options.retries(), retried::incrementAndGet);
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(StreamFinished.class, this::onStreamFinished)
        .onSignal(Terminated.class, this::onAgentStopped)
        .build();
  }

  private Behavior<Command> onStreamFinished(StreamFinished finished) {
    wallNanos = System.nanoTime() - start;
    streamDone = true;
    failure = finished.failure() == null ? null : finished.failure().toString();
    listener.onAllAnswered(); // before the agents stop: what they hold is the fleet's peak
    agents.forEach(agent -> agent.tell(Agent.Stop.INSTANCE));
    return running == 0 ? complete() : this;
  }

  private Behavior<Command> onAgentStopped(Terminated stopped) {
    running--;
    return running == 0 && streamDone ? complete() : this;
  }

  private Behavior<Command> complete() {
    result.complete(new FleetResult(tally.summaries(wallNanos), wallNanos, failure, retried.get()));
    return Behaviors.stopped();
  }
}
