package dev.memloop.runtime.fleet;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.TurnResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;

/**
 * Runs one fleet: spawns every member as a child, feeds each its turns through a stream (one turn in flight
 * per agent: the stream waits for an answer before sending the next, which is its backpressure), tallies the
 * answers, then stops every agent and completes the result once all have stopped.
 */
final class FleetCoordinator extends AbstractBehavior<FleetCoordinator.Command> {

  interface Command {}

  private record StreamFinished(Throwable failure) implements Command {}

  static Behavior<Command> create(List<FleetMember> members, FleetOptions options, FleetListener listener,
      CompletableFuture<FleetResult> result) {
    return Behaviors.setup(context -> new FleetCoordinator(context, members, options, listener, result));
  }

  private final CompletableFuture<FleetResult> result;
  private final List<ActorRef<Agent.Command>> agents = new ArrayList<>();
  private final FleetTally tally;
  private final long start;
  private long wallNanos;
  private boolean streamDone;
  private String failure;
  private int running;

  private FleetCoordinator(ActorContext<Command> context, List<FleetMember> members, FleetOptions options,
      FleetListener listener, CompletableFuture<FleetResult> result) {
    super(context);
    this.result = result;
    Map<String, String> groupOf = new LinkedHashMap<>();
    members.forEach(member -> groupOf.put(member.id(), member.group()));
    this.tally = new FleetTally(groupOf);
    List<Source<TurnResult, ?>> feeds = new ArrayList<>(members.size());
    for (FleetMember member : members) {
      ActorRef<Agent.Command> agent = context.spawn(member.behavior(), member.id());
      context.watch(agent);
      agents.add(agent);
      feeds.add(member.turns().mapAsync(1, turn -> AskPattern.<Agent.Command, TurnResult>ask(agent,
          replyTo -> new Agent.RunTurn(turn, replyTo), options.turnTimeout(), context.getSystem().scheduler())));
    }
    running = agents.size();
    this.start = System.nanoTime();
    CompletionStage<Done> done = Source.from(feeds)
        .flatMapMerge(Math.max(1, Math.min(options.parallelism(), feeds.size())), feed -> feed)
        .runWith(Sink.foreach(turn -> {
          tally.add(turn); // the stream's last stage runs one element at a time: no lock needed
          listener.onTurn(turn);
        }), context.getSystem());
    context.pipeToSelf(done, (ok, error) -> new StreamFinished(error));
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
    agents.forEach(agent -> agent.tell(Agent.Stop.INSTANCE));
    return running == 0 ? complete() : this;
  }

  private Behavior<Command> onAgentStopped(Terminated stopped) {
    running--;
    return running == 0 && streamDone ? complete() : this;
  }

  private Behavior<Command> complete() {
    result.complete(new FleetResult(tally.summaries(wallNanos), wallNanos, failure));
    return Behaviors.stopped();
  }
}
