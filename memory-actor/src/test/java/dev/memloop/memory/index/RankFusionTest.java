package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Reciprocal-rank fusion against the formula written the plain way (a map of sums, a full sort), on random lists. */
class RankFusionTest {

  @Test
  void should_fuse_as_the_formula_says_on_random_rankings() {
    SplittableRandom random = new SplittableRandom(28);
    for (int round = 0; round < 500; round++) {
      List<long[]> rankings = new ArrayList<>();
      int lists = 1 + random.nextInt(4);
      for (int l = 0; l < lists; l++) {
        LinkedHashSet<Long> keys = new LinkedHashSet<>();
        int length = random.nextInt(60);
        while (keys.size() < length) {
          keys.add((long) random.nextInt(80)); // few distinct keys: overlaps and ties are common
        }
        rankings.add(keys.stream().mapToLong(Long::longValue).toArray());
      }
      int k = 1 + random.nextInt(70);
      List<RankFusion.Fused> fused = RankFusion.fuse(rankings, k, RankFusion.C);
      assertThat(fused).as("round %d", round).isEqualTo(reference(rankings, k, RankFusion.C));
    }
  }

  @Test
  void should_refuse_a_k_or_c_out_of_range() {
    assertThatThrownBy(() -> RankFusion.fuse(List.of(), 0, 60)).hasMessage("fusion needs k > 0 and c >= 0: 0, 60");
    assertThatThrownBy(() -> RankFusion.fuse(List.of(), 1, -1)).hasMessage("fusion needs k > 0 and c >= 0: 1, -1");
    assertThat(RankFusion.fuse(List.of(new long[0]), 3, 60)).isEmpty();
  }

  private static List<RankFusion.Fused> reference(List<long[]> rankings, int k, int c) {
    Map<Long, Double> scores = new HashMap<>();
    for (long[] ranking : rankings) {
      for (int r = 0; r < ranking.length; r++) {
        scores.merge(ranking[r], 1.0 / (c + r + 1), Double::sum);
      }
    }
    List<RankFusion.Fused> all = new ArrayList<>();
    scores.forEach((key, score) -> all.add(new RankFusion.Fused(key, score)));
    all.sort((a, b) -> a.score() != b.score() ? Double.compare(b.score(), a.score()) : Long.compare(a.key(), b.key()));
    return all.size() <= k ? all : all.subList(0, k);
  }
}
