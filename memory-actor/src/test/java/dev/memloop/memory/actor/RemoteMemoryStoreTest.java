package dev.memloop.memory.actor;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two ActorSystems in one JVM, talking Artery TCP over 127.0.0.1: the store's protocol really serialized. */
@ExtendWith(LogCapturingExtension.class)
class RemoteMemoryStoreTest {

  static final Config REMOTE = ConfigFactory.parseString("""
      pekko.actor.provider = remote
      pekko.remote.artery.transport = tcp
      pekko.remote.artery.canonical.hostname = 127.0.0.1
      pekko.remote.artery.canonical.port = 0
      """).withFallback(ConfigFactory.load());

  static final ActorTestKit storeNode = ActorTestKit.create("store-node", REMOTE);
  static final ActorTestKit agentNode = ActorTestKit.create("agent-node", REMOTE);

  @AfterAll
  static void shutdown() {
    agentNode.shutdownTestKit();
    storeNode.shutdownTestKit();
  }

  @Test
  void should_serve_the_protocol_across_actor_systems_and_measure_the_loopback_round_trip() {
    HashingEmbedder embedder = new HashingEmbedder(64);
    WorkingMemory memory = WorkingMemory.builder(embedder).threadSafe().build();
    ActorRef<MemoryStore.Command> local = storeNode.spawn(MemoryStore.create(memory), "memory");
    String address = ActorRefResolver.get(storeNode.system()).toSerializationFormat(local);
    ActorRef<MemoryStore.Command> remote = ActorRefResolver.get(agentNode.system()).resolveActorRef(address);
    assertThat(address).startsWith("pekko://store-node@127.0.0.1:");
    TestProbe<MemoryStore.Reply> probe = agentNode.createTestProbe();

    remote.tell(new MemoryStore.Add(1, "investigate host=web-03 sig=ssh-bruteforce",
        embedder.embed("investigate host=web-03 sig=ssh-bruteforce"), Map.of("turn", 2, "host", "web-03"), probe.ref()));
    String id = probe.expectMessageClass(MemoryStore.Added.class).id();

    remote.tell(new MemoryStore.Search(2, StoreQuery.text("investigate web-03", 1, MemoryQuery.NO_MINIMUM), probe.ref()));
    MemoryStore.Recalled recalled = probe.expectMessageClass(MemoryStore.Recalled.class);
    assertThat(recalled.items()).singleElement().satisfies(r -> {
      assertThat(r.id()).isEqualTo(id);
      assertThat(r.metadata()).containsEntry("host", "web-03").containsEntry("turn", 2);
    });
    remote.tell(new MemoryStore.Search(3, StoreQuery.text("x", 1, 7.0), probe.ref()));
    assertThat(probe.expectMessageClass(MemoryStore.Rejected.class).reason()).contains("minScore must be in [-1, 1]: 7.0");

    float[] query = embedder.embed("investigate host=web-03 sig=ssh-bruteforce");
    int warmup = 1000; // the first few hundred round trips run interpreted code and take milliseconds
    int trials = 1000;
    long[] roundTrips = new long[trials];
    for (int i = 0; i < warmup + trials; i++) {
      long start = System.nanoTime();
      remote.tell(new MemoryStore.Search(100 + i, StoreQuery.vector(query, 1, 0.99), probe.ref()));
      MemoryStore.Recalled matched = probe.expectMessageClass(MemoryStore.Recalled.class);
      if (i >= warmup) {
        roundTrips[i - warmup] = System.nanoTime() - start;
      }
      assertThat(matched.requestId()).isEqualTo(100 + i);
      assertThat(matched.items()).extracting(r -> r.id()).containsExactly(id);
    }
    long p50 = dev.memloop.memory.timing.NearestRank.of(roundTrips, 0.5);
    assertThat(p50).isPositive();
    System.out.printf("memory store over Artery TCP on 127.0.0.1: match round trip p50 %.1f us, p99 %.1f us (%d trials after %d warm-up)%n",
        p50 / 1e3, dev.memloop.memory.timing.NearestRank.of(roundTrips, 0.99) / 1e3, trials, warmup);
  }
}
