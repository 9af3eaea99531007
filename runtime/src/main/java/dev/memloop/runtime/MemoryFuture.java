package dev.memloop.runtime;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The stage a memory handle's call answers with. On the agent's own thread, waiting for it while it is not complete
 * would wait forever (its answer is a message that very thread has to process), so {@code join} and {@code get}
 * there throw at once instead; stages made from it by {@code thenApply} and the like carry the same check.
 */
final class MemoryFuture<T> extends CompletableFuture<T> {

  private final AgentState agent;

  MemoryFuture(AgentState agent) {
    this.agent = agent;
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new MemoryFuture<>(agent);
  }

  @Override
  public T join() {
    refuseDeadlock();
    return super.join();
  }

  @Override
  public T get() throws InterruptedException, ExecutionException {
    refuseDeadlock();
    return super.get();
  }

  @Override
  public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
    refuseDeadlock();
    return super.get(timeout, unit);
  }

  private void refuseDeadlock() {
    if (!isDone() && agent.onAgentThread()) {
      throw new IllegalStateException("agent " + agent.spec().id() + ": waiting on its own thread for a memory call "
          + "that is not answered yet would wait forever (the answer is a message to this thread); compose the stage "
          + "with thenApply or thenCompose and return it from decide");
    }
  }
}
