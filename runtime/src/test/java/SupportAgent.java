import dev.memloop.runtime.ActionExecutor;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardCheck;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** A support agent on the defaults: each refund once, whatever the words; never another order's refund blocked. */
public class SupportAgent {
  public static void main(String[] args) throws Exception {
    ActionExecutor refund = ActionExecutor.inline(action -> "sent: " + action.line());
    AgentSpec spec = AgentSpec.builder("support")
        .reasoner(step -> CompletableFuture.completedFuture(Decision.act(step.observation().text())))
        .executor(refund).build(); // the default embedder and its shipped guard threshold
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "support");
    AgentHandle agent = AgentHandle.start(system, spec);
    for (String request : List.of("refund order-42", "refund order-43", "refund order-44", "refund order-42",
        "issue a refund for order-42")) {
      GuardCheck guard = agent.send(request).toCompletableFuture().get().steps().get(0).guard();
      System.out.println(request + ": " + (guard.blocks() ? "blocked, a repeat of '" + guard.matchedLine() + "'"
          : "refunded (" + guard.basis() + ")"));
    }
    agent.stop();
    system.terminate();
  }
}
