import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.llm.LlmReasoner;
import dev.memloop.runtime.llm.mcp.McpServerSettings;
import dev.memloop.runtime.llm.mcp.McpTools;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** An LLM agent whose tools come from an MCP server: started once, offered beside the agent's memory. */
public class McpAgent {
  public static void main(String[] args) throws Exception {
    ChatModel model = OpenAiChatModel.builder().baseUrl(System.getenv("OPENAI_BASE_URL"))
        .apiKey(System.getenv().getOrDefault("OPENAI_API_KEY", "none")).modelName(System.getenv("OPENAI_MODEL"))
        .timeout(Duration.ofSeconds(60)).build();
    McpServerSettings tickets = McpServerSettings.stdio("tickets", System.getenv("TICKETS_MCP").split(" "));
    try (McpTools mcp = McpTools.connect(List.of(tickets), System.err::println)) {
      AgentSpec desk = AgentSpec.builder("desk").policy(MemoryPolicyKind.PER_STEP)
          .reasoners(LlmReasoner.builder(model).systemPrompt("You answer questions about tickets.")
              .tools(mcp.tools()).factory()).build();
      ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "mcp-agent");
      AgentHandle agent = AgentHandle.start(system, desk);
      System.out.println(agent.send("Who owns T-42?").toCompletableFuture().get().steps().get(0).decision()
          .actionLine());
      agent.stop();
      system.terminate();
    }
  }
}
