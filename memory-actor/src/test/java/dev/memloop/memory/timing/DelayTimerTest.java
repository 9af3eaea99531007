package dev.memloop.memory.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DelayTimerTest {

  @Test
  void should_run_due_actions_in_deadline_order_with_their_delays() {
    ManualDelayTimer timer = new ManualDelayTimer();
    List<String> ran = new ArrayList<>();
    timer.schedule(Duration.ofMillis(30).toNanos(), d -> ran.add("b" + d));
    timer.schedule(Duration.ofMillis(5).toNanos(), d -> ran.add("a" + d));
    timer.schedule(Duration.ofMillis(30).toNanos(), d -> ran.add("c" + d));
    timer.advance(Duration.ofMillis(10));
    assertThat(ran).containsExactly("a5000000");
    assertThat(timer.nanoTime()).isEqualTo(10_000_000);
    timer.advance(Duration.ofMillis(100));
    assertThat(ran).containsExactly("a5000000", "b30000000", "c30000000");
    assertThat(timer.pending()).isZero();
  }

  @Test
  void should_let_an_action_schedule_another_within_the_same_advance() {
    ManualDelayTimer timer = new ManualDelayTimer();
    List<Long> times = new ArrayList<>();
    timer.schedule(1_000, d -> timer.schedule(1_000, d2 -> times.add(timer.nanoTime())));
    timer.advance(Duration.ofNanos(5_000));
    assertThat(times).containsExactly(2_000L);
  }

  @Test
  void should_not_run_a_cancelled_action() {
    ManualDelayTimer timer = new ManualDelayTimer();
    List<Long> ran = new ArrayList<>();
    DelayTimer.Scheduled scheduled = timer.schedule(1_000, ran::add);
    assertThat(scheduled.cancel()).isTrue();
    assertThat(scheduled.cancel()).isFalse();
    timer.advance(Duration.ofSeconds(1));
    assertThat(ran).isEmpty();
  }

  @Test
  void should_reject_negative_delays_and_backward_time() {
    ManualDelayTimer manual = new ManualDelayTimer();
    assertThatThrownBy(() -> manual.schedule(-1, d -> {})).hasMessageContaining("delay must be >= 0 ns: -1");
    assertThatThrownBy(() -> manual.advance(Duration.ofMillis(-2))).hasMessageContaining("time only moves forward: -2ms");
    try (HighResolutionTimer timer = new HighResolutionTimer("test-timer")) {
      assertThatThrownBy(() -> timer.schedule(-5, d -> {})).hasMessageContaining("delay must be >= 0 ns: -5");
    }
  }

  @Test
  void should_fire_no_earlier_than_asked_and_report_the_achieved_delay() throws Exception {
    try (HighResolutionTimer timer = new HighResolutionTimer("test-timer")) {
      CompletableFuture<Long> achieved = new CompletableFuture<>();
      long asked = Duration.ofMillis(2).toNanos();
      long start = timer.nanoTime();
      timer.schedule(asked, achieved::complete);
      long reported = achieved.get(10, TimeUnit.SECONDS);
      assertThat(reported).isGreaterThanOrEqualTo(asked).isLessThanOrEqualTo(timer.nanoTime() - start);
    }
  }

  @Test
  void should_not_fire_after_cancel() throws Exception {
    try (HighResolutionTimer timer = new HighResolutionTimer("test-timer")) {
      CountDownLatch cancelledRan = new CountDownLatch(1);
      DelayTimer.Scheduled scheduled = timer.schedule(Duration.ofMillis(50).toNanos(), d -> cancelledRan.countDown());
      assertThat(scheduled.cancel()).isTrue();
      CompletableFuture<Long> later = new CompletableFuture<>();
      timer.schedule(Duration.ofMillis(100).toNanos(), later::complete); // runs after the cancelled deadline
      later.get(10, TimeUnit.SECONDS);
      assertThat(cancelledRan.getCount()).isEqualTo(1);
    }
  }
}
