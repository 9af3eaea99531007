import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.llm.LlmReasoner;
import dev.memloop.runtime.llm.Tools;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** Your first LLM agent: any OpenAI-compatible server, its memory as tools, and one tool of its own. */
public class LlmAgent {
  public static class Weather {
    @Tool("Today's weather in a city")
    public String weather(@P("the city") String city) {
      return "sunny in " + city;
    }
  }

  public static void main(String[] args) throws Exception {
    ChatModel model = OpenAiChatModel.builder().baseUrl(System.getenv("OPENAI_BASE_URL"))
        .apiKey(System.getenv().getOrDefault("OPENAI_API_KEY", "none")).modelName(System.getenv("OPENAI_MODEL"))
        .timeout(Duration.ofSeconds(60)).build();
    AgentSpec planner = AgentSpec.builder("planner").policy(MemoryPolicyKind.PER_STEP)
        .reasoners(LlmReasoner.builder(model).systemPrompt("You plan trips. Remember what the user requires.")
            .tools(Tools.builder().add(new Weather()).build()).factory()).build();
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "llm-agent");
    AgentHandle agent = AgentHandle.start(system, planner);
    for (String said : List.of("I am vegetarian and travel by train.", "Plan a day in Lisbon for me.")) {
      TurnResult turn = agent.send(said).toCompletableFuture().get();
      System.out.println(turn.steps().get(0).decision().actionLine());
    }
    agent.stop();
    system.terminate();
  }
}
