import dev.memloop.runtime.ActionExecutor;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.GroupSummary;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** 1,000 support agents: each recalls its notes on an order before it acts, and notes the refunds it sends. */
public class QuickStart {
  public static void main(String[] args) throws Exception {
    Reasoner reasoner = step -> {
      String order = step.observation().text().split(" ")[0];
      return step.memory().recall(order, 3).thenCompose(notes -> {
        if (notes.items().stream().anyMatch(note -> note.text().startsWith(order + ":"))) {
          return CompletableFuture.completedFuture(Decision.skip("refund " + order, Decision.Recognition.MEMORY));
        }
        return step.memory().remember(order + ": refund sent").thenApply(noted -> Decision.act("refund " + order));
      });
    };
    AtomicInteger refunds = new AtomicInteger();
    ActionExecutor refund = ActionExecutor.inline(action -> "refund #" + refunds.incrementAndGet());
    List<FleetMember> fleet = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      AgentSpec spec = AgentSpec.builder("agent-" + i).policy(MemoryPolicyKind.PER_STEP).reasoner(reasoner)
          .executor(refund).build(); // the default embedder and guard threshold
      List<Turn> turns = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        turns.add(new Turn(t, List.of(new Observation("a" + t, "order-" + t + " arrived damaged"),
            new Observation("b" + t, "order-" + t + " customer writes again"))));
      }
      fleet.add(FleetMember.of(spec, turns));
    }
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "quickstart");
    GroupSummary done = Fleet.run(system, fleet, FleetOptions.DEFAULT, FleetListener.NONE)
        .toCompletableFuture().get().group(FleetMember.DEFAULT_GROUP);
    System.out.printf("%d agents, %d steps: %d refunds sent, %d repeats known from memory, %d blocked by the guard, "
        + "%d reads over budget%n", done.agents(), done.steps(), refunds.get(), done.steps() - done.executed()
        - done.hits(), done.hits(), done.memory().unaffordable());
    system.terminate();
  }
}
