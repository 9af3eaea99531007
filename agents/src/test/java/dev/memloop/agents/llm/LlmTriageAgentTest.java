package dev.memloop.agents.llm;

import dev.memloop.runtime.config.EmbedderChoice;
import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A triage agent whose decisions come from a model over HTTP, guarded by its in-process memory. */
class LlmTriageAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  @Test
  void should_block_the_model_s_repeated_investigation_with_the_guard() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.text("investigate host=web-03 sig=ssh-bruteforce").text("investigate host=db-01 sig=sql-injection")
          .text("investigate host=web-03 sig=ssh-bruteforce");
      LlmCounters counters = new LlmCounters();
      ChatCalls calls = new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-nano", OptionalDouble.empty(),
          Duration.ofSeconds(10), 0, Duration.ZERO, "sk-x-123456"), counters);
      AgentConfig config = AgentConfigs.agent(ConfigFactory.load()).withEmbedder(EmbedderChoice.parse("hashing"))
          .withPolicy(MemoryPolicyKind.PER_STEP).withBudget(null).withThreshold(0.999);
      ActorRef<Agent.Command> agent = testKit.spawn(Agent.create(LlmTriageAgents.spec("llm-1", config,
          new HashingEmbedder(256), calls, 1, HighResolutionTimer.shared())));
      TestProbe<TurnResult> results = testKit.createTestProbe();
      agent.tell(new Agent.RunTurn(new Turn(0, List.of(new Observation("a1", "SSH brute force against web-03"),
          new Observation("a2", "SQL injection attempts on db-01"),
          new Observation("a3", "Repeated failed SSH logins on web-03 (same source)"))), results.ref()));

      TurnResult turn = results.receiveMessage(Duration.ofSeconds(30));
      assertThat(turn.aborted()).isFalse();
      assertThat(turn.steps()).extracting(s -> s.guard().outcome())
          .containsExactly(GuardOutcome.MISS, GuardOutcome.MISS, GuardOutcome.HIT);
      assertThat(turn.steps()).extracting(StepRecord::executed).containsExactly(true, true, false);
      assertThat(counters.snapshot().calls()).isEqualTo(3);
    }
  }
}
