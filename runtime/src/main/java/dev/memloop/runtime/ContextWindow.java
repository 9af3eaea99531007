package dev.memloop.runtime;

import dev.memloop.runtime.step.WindowMessage;
import dev.memloop.runtime.step.WindowUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The bounded history a reasoner sees: the last {@code size} units (messages or exchanges) of the
 * conversation, oldest first; everything older has scrolled out. The ring is allocated on first use, so an
 * idle agent pays for none of it.
 *
 * <p>Not thread-safe: owned by one agent.
 */
public final class ContextWindow {

  private final int size;
  private final WindowUnit unit;
  private WindowMessage[] ring;
  private int next;
  private int count;

  /**
   * @throws IllegalArgumentException if {@code size} is not positive or {@code unit} is null
   */
  public ContextWindow(int size, WindowUnit unit) {
    if (size <= 0) {
      throw new IllegalArgumentException("window size must be > 0: " + size);
    }
    if (unit == null) {
      throw new IllegalArgumentException("window unit must not be null");
    }
    this.size = size;
    this.unit = unit;
  }

  public int size() {
    return size;
  }

  public WindowUnit unit() {
    return unit;
  }

  /** Records one exchange: what the agent saw and what it replied. */
  public void addExchange(String observation, String reply) {
    add(new WindowMessage(WindowMessage.Role.OBSERVATION, observation));
    add(new WindowMessage(WindowMessage.Role.REPLY, reply));
  }

  public void add(WindowMessage message) {
    if (ring == null) {
      ring = new WindowMessage[size * unit.messagesPerUnit()];
    }
    ring[next] = message;
    next = (next + 1) % ring.length;
    count = Math.min(count + 1, ring.length);
  }

  /** The visible messages, oldest first. */
  public List<WindowMessage> visible() {
    List<WindowMessage> out = new ArrayList<>(count);
    if (ring == null) {
      return out;
    }
    int start = (next - count + ring.length) % ring.length;
    for (int i = 0; i < count; i++) {
      out.add(ring[(start + i) % ring.length]);
    }
    return out;
  }

  public void clear() {
    ring = null;
    next = 0;
    count = 0;
  }
}
