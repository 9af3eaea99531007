package dev.memloop.bench.benchmarks.board;

import dev.memloop.blackboard.Blackboard;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * One agent of the stress run: posts {@code posts} findings with at most {@code window} unacknowledged, and
 * records every acknowledgment and refusal. Each text names its author and number, so that a reader can tell a
 * whole entry (text, author and number agree) from a half-written one.
 */
final class StressPoster {

  /** An acknowledgment with the agent it answered. */
  record Ack(int poster, Blackboard.Posted posted) {}

  private StressPoster() {}

  static String text(int poster, int item) {
    return "finding " + item + " of agent " + poster;
  }

  static String author(int poster) {
    return "agent-" + poster;
  }

  static Behavior<Blackboard.PostReply> create(ActorRef<Blackboard.Command> board, int poster, int posts, int window,
      Queue<Ack> acked, Queue<Blackboard.PostRejected> rejected, CountDownLatch done) {
    return Behaviors.setup(context -> {
      int[] sent = {0};
      int[] answered = {0};
      Runnable postNext = () -> {
        int item = sent[0]++;
        board.tell(new Blackboard.Post(item, author(poster), text(poster, item), null, Map.of("item", item),
            context.getSelf()));
      };
      for (int i = 0; i < Math.min(window, posts); i++) {
        postNext.run();
      }
      return Behaviors.receiveMessage(reply -> {
        if (reply instanceof Blackboard.Posted posted) {
          acked.add(new Ack(poster, posted));
        } else {
          rejected.add((Blackboard.PostRejected) reply);
        }
        if (++answered[0] == posts) {
          done.countDown();
          return Behaviors.stopped();
        }
        if (sent[0] < posts) {
          postNext.run();
        }
        return Behaviors.same();
      });
    });
  }
}
