package dev.memloop.bench.benchmarks.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The read policies on LoCoMo's fixture: in process every read fits, and the single read is the fused recall of the
 * retrieval benchmark; at a round trip that leaves room for one read, the per-step policy reads once and scores as the
 * single read does; at a round trip beyond the budget nothing is read and nothing is found. Round trips are charged
 * by the budget's rule, so these hold on any machine (a read's own work is microseconds against milliseconds).
 */
class ReadPoliciesTest {

  static final long MS = 1_000_000;

  @Test
  void should_read_what_the_budget_affords_at_each_round_trip() throws Exception {
    List<LocomoFile.Conversation> data = LocomoFile.read(LocomoRetrievalTest.FIXTURE);
    Map<String, HashingEmbedder> embedders = Map.of("hashing", new HashingEmbedder(64));
    List<Integer> ks = List.of(1, 5);
    // 60 ms of 100: one read (60 + 1 + pad), never a second (40 left); 200 ms: none
    List<ReadPolicies.PolicyResult> results = ReadPolicies.run(data, Map.copyOf(embedders), ks,
        List.of(0L, 60 * MS, 200 * MS), 100 * MS, line -> {});
    assertThat(results).hasSize(12);
    assertThat(results).extracting(r -> r.policy() + "@" + (r.budgeted() ? r.rttNanos() / MS : "none"))
        .containsExactly("single@none", "single@0", "single@60", "single@200", "adaptive@none", "adaptive@0",
            "adaptive@60", "adaptive@200", "per-step@none", "per-step@0", "per-step@60", "per-step@200");
    LocomoRetrieval.MethodResult fused = LocomoRetrieval.run(data, Map.copyOf(embedders), ks, line -> {}).methods()
        .get(2);
    ReadPolicies.PolicyResult single = find(results, "single", 0);
    assertThat(single.hitAt()).as("the single read is the fused recall").isEqualTo(fused.hitAt());
    assertThat(single.mrr()).isEqualTo(fused.mrr());
    assertThat(single.readsPerQuestion()).isEqualTo(1.0);
    assertThat(single.questions()).isEqualTo(5);
    ReadPolicies.PolicyResult perStep = find(results, "per-step", 0);
    assertThat(perStep.readsPerQuestion()).as("several reads per question in process").isGreaterThan(1.0)
        .isLessThanOrEqualTo(ReadPolicies.STEPS);
    ReadPolicies.PolicyResult perStepOneRead = find(results, "per-step", 60);
    assertThat(perStepOneRead.readsPerQuestion()).isEqualTo(1.0);
    assertThat(perStepOneRead.hitAt()).as("its first step is the single read").isEqualTo(find(results, "single", 60)
        .hitAt());
    assertThat(perStepOneRead.memoryP50Nanos()).isGreaterThanOrEqualTo(60 * MS).isLessThan(100 * MS);
    for (String policy : ReadPolicies.POLICIES) {
      ReadPolicies.PolicyResult unbounded = results.stream().filter(r -> !r.budgeted() && r.policy().equals(policy))
          .findFirst().orElseThrow();
      assertThat(unbounded.questionsUnread()).as(policy + " with no budget reads every question").isZero();
      assertThat(unbounded.tokensPerQuestion()).as(policy + ": the recalled turns' tokens").isPositive();
      ReadPolicies.PolicyResult inProcess = find(results, policy, 0);
      assertThat(unbounded.readsPerQuestion()).as(policy + ": in process, 100 ms affords every read")
          .isEqualTo(inProcess.readsPerQuestion());
      assertThat(unbounded.hitAt()).as(policy + ": the same reads, the same finds").isEqualTo(inProcess.hitAt());
      ReadPolicies.PolicyResult priced = find(results, policy, 200);
      assertThat(priced.tokensPerQuestion()).as(policy + ": nothing read, nothing brought back").isZero();
      assertThat(priced.readsPerQuestion()).as(policy).isZero();
      assertThat(priced.questionsUnread()).isEqualTo(5);
      assertThat(priced.hitAt()).containsEntry(1, 0.0).containsEntry(5, 0.0);
      assertThat(priced.memoryP99Nanos()).isZero();
    }
  }

  private static ReadPolicies.PolicyResult find(List<ReadPolicies.PolicyResult> results, String policy, long rttMs) {
    return results.stream().filter(r -> r.budgeted() && r.policy().equals(policy) && r.rttNanos() == rttMs * MS)
        .findFirst().orElseThrow();
  }
}
