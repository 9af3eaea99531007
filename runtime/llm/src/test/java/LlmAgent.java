import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetTurns;
import dev.memloop.runtime.llm.LlmReasoner;
import dev.memloop.runtime.llm.Tools;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** A trip planner on any OpenAI-compatible server: its memory as tools, and one tool of its own. */
public class LlmAgent {
  public static class Weather {
    @Tool("Today's weather in a city")
    public String weather(@P("the city") String city) {
      return "sunny in " + city;
    }
  }

  public static void main(String[] args) throws Exception {
    ChatModel model = OpenAiChatModel.builder().baseUrl(System.getenv("OPENAI_BASE_URL"))
        .apiKey(System.getenv().getOrDefault("OPENAI_API_KEY", "none")).modelName(System.getenv("OPENAI_MODEL")).build();
    AgentSpec planner = AgentSpec.builder("planner").policy(MemoryPolicyKind.PER_STEP).threshold(0.9)
        .embedder(Embedders.defaultLocal())
        .reasoners(LlmReasoner.builder(model).systemPrompt("You plan trips. Remember what the user requires.")
            .tools(Tools.builder().add(new Weather()).build()).factory()).build();
    List<Turn> turns = List.of(new Turn(0, List.of(new Observation("m0", "I am vegetarian and travel by train."))),
        new Turn(1, List.of(new Observation("m1", "Plan a day in Lisbon for me."))));
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "llm-agent");
    FleetTurns replies = new FleetTurns();
    Fleet.run(system, List.of(FleetMember.of(planner, turns)), FleetOptions.DEFAULT, replies).toCompletableFuture().get();
    replies.all().forEach(turn -> System.out.println(turn.steps().get(0).decision().actionLine()));
    system.terminate();
  }
}
