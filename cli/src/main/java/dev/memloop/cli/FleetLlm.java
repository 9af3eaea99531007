package dev.memloop.cli;

import com.typesafe.config.Config;
import dev.memloop.agents.llm.LlmTriageAgents;
import dev.memloop.runtime.ExternalMemories;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.GroupModel;
import dev.memloop.runtime.llm.CallLimits;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The real-model side of {@code memloop fleet --llm openai}: each group's model (memloop.llm, the flags, then the
 * group's own {@code llm} settings), one client per distinct server and model, all bounded by one
 * {@link CallLimits}; whether every server answers a connection; and what the fleet's calls will cost.
 */
final class FleetLlm {

  /** Each group's settings, by group name, and the run's counters, limits and clients. */
  private final Map<String, LlmSettings> settings;
  private final Map<String, ChatCalls> calls = new HashMap<>();
  private final LlmCounters counters = new LlmCounters();
  private final CallLimits limits;
  /** The tools of MCP servers every agent is offered beside its memory's; none until {@link #offer}. */
  private dev.memloop.runtime.llm.Tools tools = dev.memloop.runtime.llm.Tools.NONE;
  /** Told of every model call (--serve's metrics); set before the fleet's specs are made. */
  private final List<dev.langchain4j.model.chat.listener.ChatModelListener> listeners = new java.util.ArrayList<>();

  private FleetLlm(Map<String, LlmSettings> settings, CallLimits limits) {
    this.settings = settings;
    this.limits = limits;
  }

  /**
   * @param model the --model flag (null: memloop.llm.model), {@code baseUrl} the --llm-base-url flag (null: the
   *     config's, else OPENAI_BASE_URL, else OpenAI)
   * @throws IllegalArgumentException naming the flag or key: no key for OpenAI, a bad URL
   */
  static FleetLlm resolve(Config root, List<AgentGroup> groups, String model, String baseUrl, CallLimits limits) {
    Map<String, String> environment = new HashMap<>(System.getenv());
    if (baseUrl != null) {
      environment.put("OPENAI_BASE_URL", baseUrl);
    }
    Map<String, LlmSettings> byGroup = new LinkedHashMap<>();
    for (AgentGroup group : groups) {
      LlmSettings s = LlmSettings.from(root, environment);
      if (model != null) {
        s = s.withModel(model);
      }
      s = over(s, group.model());
      if (!s.configured()) {
        throw new IllegalArgumentException("--llm openai needs OPENAI_API_KEY for " + LlmSettings.shown(s.baseUrl()) + " (group "
            + group.name() + "), or --llm-base-url of a server that needs no key (Ollama, vLLM, llama.cpp)");
      }
      byGroup.put(group.name(), s);
    }
    return new FleetLlm(byGroup, limits);
  }

  private static LlmSettings over(LlmSettings base, GroupModel group) {
    LlmSettings s = group.model().isEmpty() ? base : base.withModel(group.model());
    return group.baseUrl().isEmpty() ? s : new LlmSettings(group.baseUrl(), s.model(), s.temperature(), s.timeout(),
        s.maxRetries(), s.backoff(), s.apiKey());
  }

  /**
   * Opens (and closes) a TCP connection to every server, within 5 s each: nothing is sent, no key leaves.
   *
   * @return null when all answer, else one line naming the first that did not
   */
  String unreachable() {
    for (Map.Entry<String, LlmSettings> e : settings.entrySet()) {
      URI uri = URI.create(e.getValue().baseUrl());
      int port = uri.getPort() >= 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(uri.getHost(), port), 5_000);
      } catch (IOException | IllegalArgumentException failed) {
        return "the model server " + LlmSettings.shown(e.getValue().baseUrl()) + " of group " + e.getKey() + " is not reachable ("
            + failed.getClass().getSimpleName() + ": " + failed.getMessage() + "); no agent was started";
      }
    }
    return null;
  }

  /**
   * Agents' specs: the triage reasoner on its group's model with its group's {@code memloop.agent.tools} (the memory
   * as tools unless turned off), every client bounded by the run's limits.
   */
  TriageFleet.Specs specs(Map<String, String> groupOfAgent, ExternalMemories memories) {
    return (id, config, embedder, agentSeed) -> LlmTriageAgents.builder(id, config, embedder,
        client(settings.get(groupOfAgent.get(id))), agentSeed, HighResolutionTimer.shared(), null, tools)
        .memories(memories).build();
  }

  /** Offers every agent {@code mcpTools} (the MCP servers' tools), shared by the fleet; before the specs are made. */
  void offer(dev.memloop.runtime.llm.Tools mcpTools) {
    this.tools = mcpTools;
  }

  private synchronized ChatCalls client(LlmSettings s) {
    return calls.computeIfAbsent(s.baseUrl() + " " + s.model(),
        key -> new ChatCalls(s, counters, listeners).limited(limits));
  }

  /** Tells {@code listener} of every model call of clients made from here on. */
  synchronized void listen(dev.langchain4j.model.chat.listener.ChatModelListener listener) {
    listeners.add(listener);
  }

  private static long steps(AgentGroup group) {
    return (long) group.agents() * AlertWorkloadSpec.DEFAULT.turns() * AlertWorkloadSpec.DEFAULT.alertsPerTurn();
  }

  /** The calls a fleet of {@code groups} makes at the least: one per alert. */
  static long calls(List<AgentGroup> groups) {
    return groups.stream().mapToLong(FleetLlm::steps).sum();
  }

  /** At the most: one per alert and one more per tool call the group allows per step, each retried. */
  private long maxCalls(List<AgentGroup> groups) {
    long max = 0;
    for (AgentGroup g : groups) {
      int tools = g.config().tools().memory() || !this.tools.isEmpty() ? g.config().tools().maxCallsPerStep() : 0;
      max += steps(g) * (1 + tools) * (1 + settings.get(g.name()).maxRetries());
    }
    return max;
  }

  /** Prints the estimate; true when it fits the budget or the user said yes. */
  boolean affordable(List<AgentGroup> groups, long budget, boolean yes, PrintWriter err) {
    long calls = calls(groups);
    long tokens = calls * TOKENS_PER_CALL;
    err.printf(Locale.ROOT, "fleet: %,d model calls (at most %,d with tool calls and retries), about %,d tokens; %s%n",
        calls, maxCalls(groups), tokens, limits);
    err.flush();
    return tokens <= budget || yes;
  }

  /** Tokens per triage call, prompt and answer, as estimated before a run (counted for real during it). */
  static final long TOKENS_PER_CALL = 450;

  LlmCounters counters() {
    return counters;
  }

  /** What the report names the model by: the groups' models, with their servers (without any user:password). */
  String label() {
    return String.join(", ", settings.values().stream().map(s -> s.model() + " at " + LlmSettings.shown(s.baseUrl()))
        .distinct().toList());
  }

}
