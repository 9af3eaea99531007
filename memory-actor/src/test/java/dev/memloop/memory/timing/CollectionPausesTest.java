package dev.memloop.memory.timing;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import org.junit.jupiter.api.Test;

/** The JVM's pause log: overlaps computed on known pauses, and a real collection reported. */
class CollectionPausesTest {

  @Test
  void should_report_a_collection_the_test_asks_for() throws InterruptedException {
    CollectionPauses pauses = CollectionPauses.jvm(); // its listeners first: an emitter tells them in that order
    CountDownLatch told = new CountDownLatch(1);
    NotificationListener after = (notification, handback) -> {
      if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())
          && !GarbageCollectionNotificationInfo.from((javax.management.openmbean.CompositeData)
              notification.getUserData()).getGcAction().contains("cycle")) {
        told.countDown(); // a pause, which the log records (concurrent cycles it skips)
      }
    };
    List<NotificationEmitter> emitters = new ArrayList<>();
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(after, null, null);
        emitters.add(emitter);
      }
    }
    try {
      long before = pauses.pauses();
      System.gc(); // a full, stop-the-world collection under G1, Parallel and Serial
      assertThat(told.await(20, TimeUnit.SECONDS)).as("the JVM reported the collection").isTrue();
      assertThat(pauses.pauses()).as("the log recorded it before the next listener heard of it")
          .isGreaterThan(before);
    } finally {
      for (NotificationEmitter emitter : emitters) {
        try {
          emitter.removeNotificationListener(after);
        } catch (ListenerNotFoundException e) {
          throw new IllegalStateException(e);
        }
      }
    }
  }

  @Test
  void should_measure_how_long_known_pauses_overlap_an_interval() {
    long ms = 1_000_000;
    CollectionPauses pauses = new CollectionPauses(7 * ms); // the JVM started at nanoTime 7 ms
    pauses.record(100, 110); // 10 ms, from nanoTime 107 ms
    pauses.record(200, 205);
    assertThat(pauses.overlapNanos(102 * ms, 109 * ms)).as("the first 2 ms of the first").isEqualTo(2 * ms);
    assertThat(pauses.overlapNanos(107 * ms, 300 * ms)).as("both whole").isEqualTo(15 * ms);
    assertThat(pauses.overlapNanos(120 * ms, 200 * ms)).as("between them").isZero();
    assertThat(pauses.totalNanos()).isEqualTo(15 * ms);
  }

  @Test
  void should_forget_pauses_older_than_the_ones_it_keeps() {
    CollectionPauses pauses = new CollectionPauses(0);
    pauses.record(0, 50);
    for (int i = 0; i < CollectionPauses.KEPT; i++) {
      pauses.record(1_000 + i, 1_000 + i);
    }
    assertThat(pauses.overlapNanos(0, 60_000_000)).isZero();
    assertThat(pauses.pauses()).isEqualTo(CollectionPauses.KEPT + 1);
  }
}
