package dev.memloop.bench.benchmarks.cluster;

import dev.memloop.memory.actor.StoreQuery;
import dev.memloop.memory.actor.MemoryStore;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Times guard lookups the way an agent makes them: from an actor, with {@code tell} and a reply adapter, one at a
 * time, the targets taking turns so that every path sees the same moments of the machine. An {@code ask} from a
 * plain thread would add its own temporary actor and thread hand-off to both paths alike and hide the hop.
 */
final class RoundTripProbe {

  interface Command {}

  /** Sends {@code queries} to each target in turn; completes with one histogram (microseconds) per target. */
  record Run(List<ActorRef<MemoryStore.Command>> targets, List<float[]> queries, int warmup,
      CompletableFuture<List<Histogram>> done) implements Command {}

  private record Replied(MemoryStore.Reply reply) implements Command {}

  private RoundTripProbe() {}

  static Behavior<Command> create() {
    return Behaviors.setup(context -> {
      ActorRef<MemoryStore.Reply> replies = context.messageAdapter(MemoryStore.Reply.class, Replied::new);
      return Behaviors.receive(Command.class)
          .onMessage(Run.class, run -> running(run, replies, histograms(run.targets().size()), 0, send(run, replies, 0)))
          .build();
    });
  }

  private static List<Histogram> histograms(int n) {
    List<Histogram> list = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      list.add(new Histogram(3));
    }
    return list;
  }

  /** Sends request {@code i} (query {@code i / targets}, target {@code i % targets}) and returns when it left. */
  private static long send(Run run, ActorRef<MemoryStore.Reply> replies, int i) {
    int targets = run.targets().size();
    long sentAt = System.nanoTime();
    run.targets().get(i % targets).tell(new MemoryStore.Search(i, StoreQuery.vector(run.queries().get(i / targets),
        1, 0.99), replies));
    return sentAt;
  }

  private static Behavior<Command> running(Run run, ActorRef<MemoryStore.Reply> replies, List<Histogram> histograms,
      int i, long sentAt) {
    return Behaviors.receive(Command.class)
        .onMessage(Replied.class, replied -> {
          if (replied.reply().requestId() != i) {
            return Behaviors.same(); // not the one in flight
          }
          int targets = run.targets().size();
          if (i / targets >= run.warmup()) {
            histograms.get(i % targets).recordValue((System.nanoTime() - sentAt) / 1_000);
          }
          int next = i + 1;
          if (next == run.queries().size() * targets) {
            run.done().complete(histograms);
            return Behaviors.stopped();
          }
          return running(run, replies, histograms, next, send(run, replies, next));
        })
        .build();
  }
}
