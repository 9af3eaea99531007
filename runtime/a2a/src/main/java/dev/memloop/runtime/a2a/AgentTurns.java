package dev.memloop.runtime.a2a;

import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import io.a2a.server.agentexecution.AgentExecutor;
import io.a2a.server.agentexecution.RequestContext;
import io.a2a.server.events.EventQueue;
import io.a2a.server.tasks.TaskUpdater;
import io.a2a.spec.JSONRPCError;
import io.a2a.spec.Part;
import io.a2a.spec.TaskNotCancelableError;
import io.a2a.spec.TextPart;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An A2A message as one turn of a memloop agent: the message's text is the turn's observation, the agent's answer
 * (each step's reply or action) the task's artifact and its final message. A turn that fails, aborts or outlasts
 * its deadline fails the task with a message that says why; the agent goes on with the next message. Which agent
 * (which memory) takes it, {@link Partitions} says. Runs on the
 * A2A server's executor, one task at a time per message; the agent itself orders its turns.
 */
final class AgentTurns implements AgentExecutor {

  private final Partitions partitions;
  private final Duration deadline;

  AgentTurns(Partitions partitions, Duration deadline) {
    this.partitions = partitions;
    this.deadline = deadline;
  }

  @Override
  public void execute(RequestContext context, EventQueue events) throws JSONRPCError {
    AgentHandle agent = partitions.agent(context); // before any task exists: a refused key leaves none behind
    TaskUpdater task = new TaskUpdater(context, events);
    if (context.getTask() == null) {
      task.submit();
    }
    task.startWork();
    String text = context.getUserInput("\n");
    if (text == null || text.isBlank()) {
      task.reject(task.newAgentMessage(List.of(new TextPart("the message has no text part: memloop agents take "
          + "text")), null));
      return;
    }
    TurnResult turn;
    try {
      turn = agent.send(text).toCompletableFuture().get(deadline.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException late) {
      task.fail(task.newAgentMessage(List.of(new TextPart("agent " + agent.id() + " did not answer within "
          + deadline.toSeconds() + " s")), null));
      return;
    } catch (ExecutionException failed) {
      Throwable cause = failed.getCause() == null ? failed : failed.getCause();
      task.fail(task.newAgentMessage(List.of(new TextPart("agent " + agent.id() + ": " + cause.getMessage())),
          null));
      return;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      task.fail();
      return;
    }
    String answer = answer(turn);
    List<Part<?>> parts = List.of(new TextPart(answer));
    task.addArtifact(parts, null, "answer", null);
    task.complete(task.newAgentMessage(parts, null));
  }

  /** The turn's answer, one line a step: a reply or an action as the agent said it, a blocked action marked so. */
  static String answer(TurnResult turn) {
    StringBuilder out = new StringBuilder();
    for (StepRecord step : turn.steps()) {
      Decision decision = step.decision();
      out.append(out.length() == 0 ? "" : "\n");
      if (decision.kind() == Decision.Kind.ACT && step.guard().outcome() == GuardOutcome.HIT) {
        out.append("not done, done before: ").append(decision.actionLine());
      } else if (decision.kind() == Decision.Kind.SKIP) {
        out.append("skipped: ").append(decision.actionLine());
      } else {
        out.append(decision.actionLine());
      }
    }
    return out.toString();
  }

  @Override
  public void cancel(RequestContext context, EventQueue events) throws JSONRPCError {
    throw new TaskNotCancelableError(); // a turn in an agent's mailbox runs to its end
  }
}
