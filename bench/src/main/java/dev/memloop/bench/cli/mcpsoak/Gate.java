package dev.memloop.bench.cli.mcpsoak;

import java.time.Duration;

/**
 * When the clients may call. Open: they connect and call. Faulting: the harness is about to kill the servers; calls
 * on a connection go on (so that the kill meets calls in flight) but no client connects, lest a stdio client start a
 * server before the audit. Closed: no call; every client parks, and the harness waits for that before it audits,
 * restarts and opens the gate again. Thread-safe.
 */
final class Gate {

  private enum State { OPEN, FAULTING, CLOSED }

  private final int clients;
  private State state = State.CLOSED;
  private boolean stopped;
  private int parked;
  private long generation;

  Gate(int clients) {
    this.clients = clients;
  }

  /**
   * A client out of calls (before its first connection, or once its connection closed or failed), counted as parked
   * until the gate opens; returns the generation it connects in, or -1 once the run is over.
   */
  synchronized long park() throws InterruptedException {
    parked++;
    notifyAll();
    try {
      while (!stopped && state != State.OPEN) {
        wait();
      }
      return stopped ? -1 : generation;
    } finally {
      parked--;
    }
  }

  /** Whether a connection made in {@code generation} may still call. */
  synchronized boolean mayCall(long generation) {
    return !stopped && state != State.CLOSED && this.generation == generation;
  }

  synchronized void open() {
    generation++;
    state = State.OPEN;
    notifyAll();
  }

  /** No new connections from now; calls on the connections made go on until the servers die. */
  synchronized void faulting() {
    state = State.FAULTING;
    notifyAll();
  }

  /**
   * Closes the gate and waits until every client is parked.
   *
   * @return whether they all parked within {@code deadline}
   */
  synchronized boolean close(Duration deadline) throws InterruptedException {
    state = State.CLOSED;
    notifyAll();
    long end = System.nanoTime() + deadline.toNanos();
    while (parked < clients) {
      long left = end - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /** Ends the run: every client leaves. */
  synchronized void stop() {
    stopped = true;
    notifyAll();
  }
}
