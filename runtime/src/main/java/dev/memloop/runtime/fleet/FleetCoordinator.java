package dev.memloop.runtime.fleet;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.internal.TurnAnswers;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.Done;
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
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;

/**
 * Runs one fleet: spawns every member as a child, feeds each its turns through a stream (one turn in flight
 * per agent: the stream waits for an answer before sending the next, which is its backpressure), sends a turn again
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

  /** Each agent's turns as its own stream, one in flight per agent (the ask waits: that is the backpressure). */
  private Source<TurnResult, ?> freeRunning(ActorContext<Command> context, List<FleetMember> members,
      FleetOptions options) {
    List<Source<TurnResult, ?>> feeds = new ArrayList<>(members.size());
    for (int i = 0; i < members.size(); i++) {
      ActorRef<Agent.Command> agent = agents.get(i);
      feeds.add(Source.from(members.get(i).turns()).mapAsync(1, turn -> ask(context, agent, turn, options)));
    }
    return Source.from(feeds).flatMapMerge(Math.max(1, Math.min(options.parallelism(), feeds.size())), feed -> feed);
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
