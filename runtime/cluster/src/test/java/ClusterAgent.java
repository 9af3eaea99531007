import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.ActionExecutor;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ClusterAgentHandle;
import dev.memloop.runtime.cluster.ClusterNodes;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** A one-node cluster hosting a sharded agent, which keeps its memory wherever it runs. */
public class ClusterAgent {
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 2552;
    Config node = ClusterNodes.config("127.0.0.1", port, List.of("127.0.0.1:" + port), List.of(AgentSharding.ROLE),
        ConfigFactory.load());
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, node);
    AgentSharding.init(system, id -> AgentSpec.builder(id).policy(MemoryPolicyKind.PER_STEP).threshold(0.95)
        .embedder(Embedders.hashing(256)).executor(ActionExecutor.inline(action -> "done: " + action))
        .reasoner(step -> CompletableFuture.completedFuture(Decision.act("refund " + step.observation().text()))));
    ClusterAgentHandle agent = ClusterAgentHandle.of(system, "support-7", Duration.ofSeconds(60))
        .toCompletableFuture().get();
    for (int t = 0; t < 2; t++) {
      TurnResult result = agent.send("order 42 arrived damaged").toCompletableFuture().get();
      System.out.println("turn " + t + ": " + result.steps().get(0).guard().outcome());
    }
    system.terminate();
  }
}
