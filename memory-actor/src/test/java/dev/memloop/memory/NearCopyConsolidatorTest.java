package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The built-in consolidation: near-copies of one kind, author and identity merge into one item naming its sources; a
 * recall then answers one item per group; no acknowledged fact is lost (each source answerable, current again if the
 * merged item goes); it works in slices.
 */
class NearCopyConsolidatorTest {

  static final int DIMENSION = 64;

  /** A unit vector near {@code base}: a copy worded a little differently. */
  static float[] near(float[] base, SplittableRandom random, double noise) {
    float[] v = base.clone();
    for (int i = 0; i < v.length; i++) {
      v[i] += (float) (noise * (random.nextDouble() - 0.5));
    }
    return v;
  }

  static float[] random(SplittableRandom random) {
    float[] v = new float[DIMENSION];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (random.nextDouble() - 0.5);
    }
    return v;
  }

  /** 10,000 items in groups of 1 to 8 copies: after a pass, one current item per group, every source answerable. */
  @Test
  void should_merge_every_group_of_copies_into_one_and_lose_no_acknowledged_item_over_ten_thousand() {
    SplittableRandom random = new SplittableRandom(43);
    try (WorkingMemory memory = WorkingMemory.builder(DIMENSION).build()) {
      Map<String, Integer> groupOf = new HashMap<>();
      Map<String, float[]> vectorOf = new HashMap<>();
      int groups = 0;
      while (groupOf.size() < 10_000) {
        float[] base = random(random);
        int copies = Math.min(1 + random.nextInt(8), 10_000 - groupOf.size());
        for (int c = 0; c < copies; c++) {
          float[] v = near(base, random, 0.01);
          String id = memory.addVector(v, "group " + groups + " copy " + c, Map.of());
          groupOf.put(id, groups);
          vectorOf.put(id, v);
        }
        groups++;
      }
      NearCopyConsolidator consolidator = new NearCopyConsolidator(0.97);
      int slices = 0;
      Consolidator.Consolidation slice;
      do {
        slice = consolidator.consolidate(memory, 500);
        slices++;
        assertThat(slice.examined()).isLessThanOrEqualTo(500);
      } while (!slice.done());
      assertThat(slices).isEqualTo(20);

      // one current item per group: a recall of any copy answers its group's one item
      Map<Integer, Set<String>> current = new HashMap<>();
      for (String id : groupOf.keySet()) {
        List<Recall> found = memory.search(MemoryQuery.vector(vectorOf.get(id)).k(8).minScore(0.97).build());
        for (Recall r : found) {
          Integer group = groupOf.containsKey(r.id()) ? groupOf.get(r.id()) : groupOf.get(sourcesOf(r).get(0));
          current.computeIfAbsent(group, g -> new java.util.HashSet<>()).add(r.id());
        }
      }
      assertThat(current).hasSize(groups);
      assertThat(current.values()).allMatch(ids -> ids.size() == 1);
      // every acknowledged item still answers, current or superseded by an item that names it
      for (String id : groupOf.keySet()) {
        Recall self = memory.search(MemoryQuery.vector(vectorOf.get(id)).k(16).includeSuperseded().build()).stream()
            .filter(r -> r.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id + " was lost"));
        if (self.supersededBy() != null) {
          MemoryItem merged = memory.item(self.supersededBy()).orElseThrow();
          assertThat(sourcesOf(merged.metadata())).contains(id);
        }
      }
    }
  }

  @Test
  void should_make_the_sources_current_again_when_the_merged_item_is_removed_and_leave_subjects_alone() {
    SplittableRandom random = new SplittableRandom(7);
    try (WorkingMemory memory = WorkingMemory.builder(DIMENSION).build()) {
      float[] base = random(random);
      String a = memory.addVector(near(base, random, 0.001), "disk full on db-01", Map.of());
      String b = memory.addVector(near(base, random, 0.001), "disk full on db-01!", Map.of());
      String c = memory.addVector(near(base, random, 0.001), "the disk of db-01 is full",
          Map.of(MemoryLifecycle.SUBJECT, "db-01 disk"));
      String other = memory.addVector(near(base, random, 0.001), "disk full on db-01 (observed)",
          Map.of(MemoryKind.KEY, "OBSERVATION"));

      Consolidator.Consolidation slice = new NearCopyConsolidator(0.97).consolidate(memory, 100);

      assertThat(slice).isEqualTo(new Consolidator.Consolidation(4, 1, 2, true));
      List<String> now = memory.search(MemoryQuery.vector(base).k(10).build()).stream().map(Recall::id).toList();
      assertThat(now).doesNotContain(a, b).contains(c, other).hasSize(3);
      String merged = now.stream().filter(id -> !Set.of(c, other).contains(id)).findFirst().orElseThrow();
      assertThat(memory.item(merged).orElseThrow().text()).isEqualTo("disk full on db-01");

      memory.remove(merged);

      assertThat(memory.search(MemoryQuery.vector(base).k(10).build())).extracting(Recall::id)
          .containsExactlyInAnyOrder(a, b, c, other);
    }
  }

  /** A snapshot in any order (a merged item before its sources) rebuilds the same merge. */
  @Test
  void should_rebuild_a_merge_from_a_snapshot_whose_merged_item_comes_before_its_sources() {
    SplittableRandom random = new SplittableRandom(11);
    try (WorkingMemory memory = WorkingMemory.builder(DIMENSION).build()) {
      float[] base = random(random);
      memory.addVector(near(base, random, 0.001), "a note", Map.of());
      memory.addVector(near(base, random, 0.001), "a note again", Map.of());
      new NearCopyConsolidator(0.97).consolidate(memory, 10);
      List<MemoryItem> snapshot = new ArrayList<>(memory.items());
      java.util.Collections.reverse(snapshot);
      try (WorkingMemory copy = WorkingMemory.builder(DIMENSION).build()) {
        snapshot.forEach(item -> copy.addVector(item.id(), item.vector(), item.text(), item.metadata()));
        assertThat(copy.search(MemoryQuery.vector(base).k(5).build())).extracting(Recall::id)
            .containsExactlyElementsOf(memory.search(MemoryQuery.vector(base).k(5).build()).stream()
                .map(Recall::id).toList()).hasSize(1);
      }
    }
  }

  @Test
  void should_refuse_a_bad_threshold_budget_or_a_memory_without_time() {
    assertThatThrownBy(() -> new NearCopyConsolidator(0)).hasMessageContaining("(0, 1]");
    try (WorkingMemory memory = WorkingMemory.builder(DIMENSION).build()) {
      assertThatThrownBy(() -> new NearCopyConsolidator(0.9).consolidate(memory, 0)).hasMessageContaining("budget");
    }
    WorkingMemory timeless = new ForwardingWorkingMemory() {
      final WorkingMemory inner = WorkingMemory.builder(DIMENSION).build();

      @Override
      protected WorkingMemory delegate() {
        return inner;
      }

      @Override
      public boolean supersedes() {
        return false;
      }
    };
    assertThatThrownBy(() -> new NearCopyConsolidator(0.9).consolidate(timeless, 10))
        .hasMessageContaining("keeps no validity times");
  }

  static List<String> sourcesOf(Recall r) {
    return sourcesOf(r.metadata());
  }

  static List<String> sourcesOf(Map<String, Object> metadata) {
    Object sources = metadata.get(MemoryLifecycle.MERGED_FROM);
    return sources == null ? new ArrayList<>() : List.of(((String) sources).split("\n"));
  }
}
