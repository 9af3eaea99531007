import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.pgvector.PgVectorConfig;
import dev.memloop.pgvector.PgVectorStore;
import dev.memloop.runtime.ActionExecutor;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetTurns;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** A networked agent whose memory is rows of PostgreSQL + pgvector (memloop.pgvector.url), kept across restarts. */
public class PgVectorAgent {
  public static void main(String[] args) throws Exception {
    Config config = ConfigFactory.load(); // -Dmemloop.pgvector.url=jdbc:postgresql://... or application.conf
    Embedder embedder = Embedders.hashing(256);
    try (PgVectorStore store = PgVectorStore.open(PgVectorConfig.from(config), embedder.dimension())) {
      AgentSpec spec = AgentSpec.builder("support-7").config(AgentConfigs.agent(config)
              .withPolicy(MemoryPolicyKind.NETWORKED).withStore(MemoryStoreKind.PGVECTOR))
          .threshold(0.95).embedder(embedder).memories(agentId -> store.memory(agentId, embedder))
          .executor(ActionExecutor.inline(action -> "done: " + action))
          .reasoner(step -> CompletableFuture.completedFuture(Decision.act("refund " + step.observation().text())))
          .build();
      List<Turn> turns = List.of(new Turn(0, List.of(new Observation("o0", "order 42 arrived damaged"))),
          new Turn(1, List.of(new Observation("o1", "order 42 arrived damaged"))));
      ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "pgvector-agent");
      FleetTurns results = new FleetTurns();
      Fleet.run(system, List.of(FleetMember.of(spec, turns)), FleetOptions.DEFAULT, results).toCompletableFuture().get();
      results.all().forEach(turn -> System.out.println("turn " + turn.turn() + ": "
          + turn.steps().get(0).guard().outcome()));
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get();
    }
  }
}
