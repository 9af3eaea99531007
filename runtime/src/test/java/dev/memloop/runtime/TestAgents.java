package dev.memloop.runtime;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;

/** Specs, turns and a shared embedder for the runtime's tests. */
public final class TestAgents {

  public static final Embedder EMBEDDER = new HashingEmbedder(64);
  public static final AgentConfig DEFAULTS = AgentConfigs.agent(ConfigFactory.load());

  private TestAgents() {}

  public static AgentConfig config(MemoryPolicyKind policy, Duration budget, Duration rtt) {
    return DEFAULTS.withPolicy(policy).withBudget(budget).withRtt(rtt).withThreshold(0.99);
  }

  public static AgentSpec spec(String id, AgentConfig config, ReasonerFactory reasoners, DelayTimer timer) {
    return spec(id, config, reasoners, timer, null);
  }

  public static AgentSpec spec(String id, AgentConfig config, ReasonerFactory reasoners, DelayTimer timer,
      ActorRef<MemoryStore.Command> store) {
    return builder(id, config, reasoners, timer).storeActor(store).build();
  }

  public static AgentSpec.Builder builder(String id, AgentConfig config, ReasonerFactory reasoners, DelayTimer timer) {
    return AgentSpec.builder(id).config(config).embedder(EMBEDDER).reasoners(reasoners).timer(timer).seed(1L)
        .threshold(config.guard().threshold().orElse(0.99));
  }

  /** A turn whose observations are action lines (the scripted reasoner proposes each as it is). */
  public static Turn turn(int index, String... lines) {
    List<Observation> observations = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      observations.add(new Observation("o" + index + "-" + i, lines[i]));
    }
    return new Turn(index, observations);
  }

  public static String line(int n) {
    return "investigate host=web-" + n + " sig=port-scan-" + (n * 7 % 13);
  }
}
