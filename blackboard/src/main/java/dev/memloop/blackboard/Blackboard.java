package dev.memloop.blackboard;

import dev.memloop.memory.MemoryKind;
import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The shared blackboard of co-located agents. Writes go through this actor, so posts have one order: each
 * gets a unique id, a sequence number, its author and the time, and is acknowledged only once it is in the
 * memory, where every {@link BlackboardView} reader sees it. Subscribers hear of every post at least
 * {@code threshold}-similar to their query, once. Bad posts are refused with the reason and counted; the
 * blackboard keeps serving.
 *
 * <p>The memory and the subscriptions live outside the restarted behavior ({@link BoardState}): a restart
 * after an unexpected failure loses nothing that was acknowledged. Make one with {@link BlackboardSetup}.
 */
public final class Blackboard extends AbstractBehavior<Blackboard.Command> {

  public sealed interface Command extends BlackboardMessage {}

  /**
   * Posts {@code text} by {@code author}, embedded by the blackboard's embedder unless {@code vector} (same
   * embedder) comes with it; {@code metadata} may be null. Answered with {@link Posted} or {@link PostRejected}.
   */
  public record Post(long requestId, String author, String text, float[] vector, Map<String, Object> metadata,
      ActorRef<PostReply> replyTo) implements Command {}

  public sealed interface PostReply extends BlackboardMessage {
    long requestId();
  }

  /** The post is in: visible to every read that starts from now on. */
  public record Posted(long requestId, String id, long sequence) implements PostReply {}

  /** The post was refused, for {@code reason}; nothing changed. */
  public record PostRejected(long requestId, String reason) implements PostReply {}

  /**
   * From now on, tells {@code subscriber} of every post at least {@code threshold}-similar to {@code query}.
   * Answered with {@link Subscribed} (a later post is then sure to be matched) or {@link SubscriptionRefused}.
   * Subscribing again replaces the query; a subscriber that stops is unsubscribed.
   */
  public record Subscribe(String query, double threshold, ActorRef<Notification> subscriber) implements Command {}

  public record Unsubscribe(ActorRef<Notification> subscriber) implements Command {}

  /** What a subscriber hears. */
  public sealed interface Notification extends BlackboardMessage {}

  public record Subscribed(String query, double threshold) implements Notification {}

  public record SubscriptionRefused(String reason) implements Notification {}

  /** A post a subscription matched. */
  public record PostMatched(String id, String author, String text, long sequence, double similarity)
      implements Notification {}

  public record GetStats(ActorRef<Stats> replyTo) implements Command {}

  /** Stops the blackboard actor; its memory stays readable until {@link BlackboardSetup#close()}. */
  public enum Stop implements Command { INSTANCE }

  /** Counters: posts stored now, posts acknowledged and refused since the start, live subscriptions. */
  public record Stats(int size, long posted, long rejected, int subscriptions, int restarts) implements BlackboardMessage {}

  private record SubscriberStopped(ActorRef<Notification> subscriber) implements Command {}

  static Behavior<Command> create(BoardState state) {
    return Behaviors.supervise(Behaviors.<Command>setup(context -> new Blackboard(context, state)))
        .onFailure(Exception.class, SupervisorStrategy.restart());
  }

  private final BoardState state;

  private Blackboard(ActorContext<Command> context, BoardState state) {
    super(context);
    this.state = state;
    if (state.started) {
      state.restarts++;
    }
    state.started = true;
    state.subscriptions.keySet().forEach(s -> context.watchWith(s, new SubscriberStopped(s))); // watches end with the old behavior
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Post.class, this::onPost)
        .onMessage(Subscribe.class, this::onSubscribe)
        .onMessage(Unsubscribe.class, this::onUnsubscribe)
        .onMessage(SubscriberStopped.class, stopped -> onUnsubscribe(new Unsubscribe(stopped.subscriber())))
        .onMessage(GetStats.class, this::onGetStats)
        .onMessageEquals(Stop.INSTANCE, Behaviors::stopped)
        .build();
  }

  private Behavior<Command> onPost(Post post) {
    String problem = PostCheck.problem(post, state.limits);
    if (problem != null) {
      return reject(post, problem);
    }
    long sequence = state.sequence + 1;
    Map<String, Object> metadata = post.metadata() == null ? new HashMap<>() : new HashMap<>(post.metadata());
    metadata.put(PostCheck.AUTHOR, post.author());
    metadata.putIfAbsent(MemoryKind.KEY, MemoryKind.POST.name()); // the runtime's agents name their kind
    metadata.put(PostCheck.SEQUENCE, sequence);
    metadata.put(PostCheck.POSTED_AT, System.currentTimeMillis());
    String id;
    try {
      id = state.memory.add(post.vector(), post.text(), metadata);
    } catch (IllegalArgumentException | IllegalStateException e) { // blank text, NaN, wrong dimension, full
      return reject(post, e.getMessage());
    }
    state.sequence = sequence;
    state.posted++;
    post.replyTo().tell(new Posted(post.requestId(), id, sequence)); // after the write lock is released
    if (!state.subscriptions.isEmpty()) {
      notifySubscribers(post, id, sequence);
    }
    return this;
  }

  private Behavior<Command> reject(Post post, String reason) {
    state.rejected++;
    post.replyTo().tell(new PostRejected(post.requestId(), reason));
    return this;
  }

  private void notifySubscribers(Post post, String id, long sequence) {
    float[] stored = state.memory.vector(id).orElseThrow(); // unit length, as the memory keeps it
    state.subscriptions.forEach((subscriber, s) -> {
      double similarity = UnitVectors.dot(stored, s.unitQuery());
      if (similarity >= s.threshold()) {
        subscriber.tell(new PostMatched(id, post.author(), post.text(), sequence, similarity));
      }
    });
  }

  private Behavior<Command> onSubscribe(Subscribe subscribe) {
    ActorRef<Notification> subscriber = subscribe.subscriber();
    if (subscribe.query() == null || subscribe.query().isBlank()) {
      subscriber.tell(new SubscriptionRefused("query must not be null or blank: "
          + (subscribe.query() == null ? "null" : "'" + subscribe.query() + "'")));
      return this;
    }
    if (!(subscribe.threshold() >= -1 && subscribe.threshold() <= 1)) {
      subscriber.tell(new SubscriptionRefused("threshold must be in [-1, 1]: " + subscribe.threshold()));
      return this;
    }
    float[] query = UnitVectors.unit(state.embedder.embed(subscribe.query()));
    if (query == null) {
      subscriber.tell(new SubscriptionRefused("query embeds to the zero vector (no known token): '" + subscribe.query() + "'"));
      return this;
    }
    if (!state.subscriptions.containsKey(subscriber)) {
      getContext().watchWith(subscriber, new SubscriberStopped(subscriber));
    }
    state.subscriptions.put(subscriber, new BoardState.Subscription(query, subscribe.threshold()));
    subscriber.tell(new Subscribed(subscribe.query(), subscribe.threshold()));
    return this;
  }

  private Behavior<Command> onUnsubscribe(Unsubscribe unsubscribe) {
    if (state.subscriptions.remove(unsubscribe.subscriber()) != null) {
      getContext().unwatch(unsubscribe.subscriber());
    }
    return this;
  }

  private Behavior<Command> onGetStats(GetStats get) {
    get.replyTo().tell(new Stats(state.memory.size(), state.posted, state.rejected, state.subscriptions.size(),
        state.restarts));
    return this;
  }
}
