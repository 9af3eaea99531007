package dev.memloop.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.timing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Memory in time: a write on a subject supersedes the current version of the same kind and author; the default read
 * answers current items only, {@code asOf} what was true then, {@code includeSuperseded} every version with its
 * interval; expired items are never answered and are purged; snapshots keep all of it; bad input changes nothing.
 */
class MemoryLifecycleTest {

  static final Instant JAN = Instant.parse("2026-01-01T00:00:00Z");
  static final Instant MAR = Instant.parse("2026-03-01T00:00:00Z");
  static final Instant JUN = Instant.parse("2026-06-01T00:00:00Z");

  final ManualClock clock = new ManualClock(JUN);

  WorkingMemory memory(Memories variant) {
    return variant.builder(Memories.EMBEDDER).clock(clock).build();
  }

  static List<String> texts(List<Recall> found) {
    return found.stream().map(Recall::text).toList();
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_answer_the_current_version_by_default_the_old_one_as_of_before_and_both_with_their_intervals(
      Memories variant) {
    try (WorkingMemory memory = memory(variant)) {
      String lisbon = memory.write(MemoryWrite.text("Maria lives in Lisbon").subject("Maria's home").validFrom(JAN)
          .build());
      String berlin = memory.write(MemoryWrite.text("Maria moved to Berlin").subject("maria’s  HOME.")
          .validFrom(MAR).build());
      memory.add("the weather in Lisbon is warm");

      assertThat(texts(memory.recall("where does Maria live? Lisbon Berlin", 5)))
          .contains("Maria moved to Berlin").doesNotContain("Maria lives in Lisbon");
      assertThat(texts(memory.search(MemoryQuery.text("Maria lives").k(5).asOf(Instant.parse("2026-02-01T00:00:00Z"))
          .build()))).contains("Maria lives in Lisbon").doesNotContain("Maria moved to Berlin");
      assertThat(texts(memory.search(MemoryQuery.text("Maria").k(5).asOf(MAR).build())))
          .contains("Maria moved to Berlin").doesNotContain("Maria lives in Lisbon");

      Map<String, Recall> all = new HashMap<>();
      for (Recall r : memory.search(MemoryQuery.text("Maria lives").k(5).includeSuperseded().build())) {
        all.put(r.id(), r);
      }
      assertThat(all).containsKeys(lisbon, berlin);
      assertThat(all.get(lisbon).validFrom()).isEqualTo(JAN);
      assertThat(all.get(lisbon).validTo()).isEqualTo(MAR);
      assertThat(all.get(lisbon).supersededBy()).isEqualTo(berlin);
      assertThat(all.get(berlin).validFrom()).isEqualTo(MAR);
      assertThat(all.get(berlin).validTo()).isNull();
      assertThat(all.get(berlin).subject()).isEqualTo("maria’s  HOME.");

      List<MemoryVersion> history = memory.history("MARIA'S HOME");
      assertThat(history).extracting(MemoryVersion::id).containsExactly(lisbon, berlin);
      assertThat(history.get(0).validTo()).isEqualTo(MAR);
      assertThat(history.get(1).current()).isTrue();
      assertThat(history.get(1).recordedAt()).isEqualTo(JUN);
    }
  }

  @Test
  void should_supersede_only_within_one_kind_and_one_author() {
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      memory.write(MemoryWrite.text("the order ships Monday").subject("order-42 shipping")
          .metadata(Map.of(MemoryKind.AUTHOR_KEY, "a")).build());
      memory.write(MemoryWrite.text("the order ships Friday").subject("order-42 shipping")
          .metadata(Map.of(MemoryKind.AUTHOR_KEY, "b")).build());
      memory.write(MemoryWrite.text("shipping of the order is Tuesday").subject("order-42 shipping")
          .metadata(Map.of(MemoryKind.KEY, "OBSERVATION", MemoryKind.AUTHOR_KEY, "a")).build());

      assertThat(texts(memory.recall("order ships", 5))).hasSize(3);
      assertThat(memory.history("order-42 shipping")).allMatch(MemoryVersion::current);
    }
  }

  @Test
  void should_keep_a_late_arriving_older_fact_in_history_without_displacing_the_current_one() {
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      String berlin = memory.write(MemoryWrite.text("Maria moved to Berlin").subject("home").validFrom(MAR).build());
      String lisbon = memory.write(MemoryWrite.text("Maria lived in Lisbon").subject("home").validFrom(JAN).build());

      assertThat(texts(memory.recall("Maria", 5))).containsExactly("Maria moved to Berlin");
      assertThat(memory.history("home")).extracting(MemoryVersion::id).containsExactly(lisbon, berlin);
      assertThat(memory.history("home").get(0).supersededBy()).isEqualTo(berlin);
    }
  }

  @Test
  void should_make_the_previous_version_current_again_when_the_current_one_is_removed() {
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      memory.write(MemoryWrite.text("price is 10 dollars").subject("price").validFrom(JAN).build());
      String later = memory.write(MemoryWrite.text("price is 12 dollars").subject("price").validFrom(MAR).build());

      assertThat(memory.remove(later)).isTrue();

      assertThat(texts(memory.recall("price", 5))).containsExactly("price is 10 dollars");
      assertThat(memory.history("price").get(0).current()).isTrue();
    }
  }

  /**
   * Random writes, back-dated ones, and removals on a few subjects: every chain always has exactly one current
   * version, each successor is a version of the same chain that is not older, and following successors ends.
   */
  @Test
  void should_keep_every_chain_acyclic_with_exactly_one_current_version() {
    SplittableRandom random = new SplittableRandom(43);
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      List<String> ids = new ArrayList<>();
      for (int step = 0; step < 2_000; step++) {
        clock.advance(Duration.ofSeconds(1 + random.nextInt(60)));
        if (!ids.isEmpty() && random.nextInt(5) == 0) {
          memory.remove(ids.remove(random.nextInt(ids.size())));
          continue;
        }
        String subject = "subject " + random.nextInt(7);
        Instant validFrom = clock.instant().minus(Duration.ofDays(random.nextInt(30)));
        ids.add(memory.write(MemoryWrite.text("value " + step + " of " + subject).subject(subject)
            .validFrom(validFrom).metadata(Map.of(MemoryKind.AUTHOR_KEY, "a" + random.nextInt(2))).build()));
      }
      for (int s = 0; s < 7; s++) {
        List<MemoryVersion> versions = memory.history("subject " + s);
        Map<String, MemoryVersion> byId = new HashMap<>();
        versions.forEach(v -> byId.put(v.id(), v));
        Map<String, Integer> currentPerChain = new HashMap<>();
        for (MemoryVersion v : versions) {
          currentPerChain.merge(v.author(), v.current() ? 1 : 0, Integer::sum);
          Set<String> seen = new HashSet<>();
          for (MemoryVersion at = v; at.supersededBy() != null; at = byId.get(at.supersededBy())) {
            MemoryVersion next = byId.get(at.supersededBy());
            assertThat(next).as("successor of %s is stored", at.id()).isNotNull();
            assertThat(next.author()).isEqualTo(at.author());
            assertThat(next.validFrom()).isAfterOrEqualTo(at.validFrom());
            assertThat(at.validTo()).isEqualTo(next.validFrom());
            assertThat(seen.add(at.id())).as("no cycle through %s", at.id()).isTrue();
          }
        }
        assertThat(currentPerChain.values()).allMatch(n -> n == 1);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Memories.class)
  void should_never_answer_an_expired_item_and_purge_it_on_the_next_write(Memories variant) {
    try (WorkingMemory memory = variant.builder(Memories.EMBEDDER).clock(clock)
        .ttl(MemoryKind.OBSERVATION, Duration.ofHours(1)).build()) {
      memory.add("disk full on db-01", Map.of(MemoryKind.KEY, "OBSERVATION"));
      memory.write(MemoryWrite.text("disk full on db-02 note").ttl(Duration.ofMinutes(10)).build());
      memory.add("disk full on db-03 for good");

      clock.advance(Duration.ofMinutes(11));
      assertThat(texts(memory.recall("disk full", 5))).containsExactlyInAnyOrder("disk full on db-01",
          "disk full on db-03 for good");
      clock.advance(Duration.ofMinutes(50));
      assertThat(texts(memory.recall("disk full", 5))).containsExactly("disk full on db-03 for good");
      assertThat(texts(memory.search(MemoryQuery.text("disk").k(5).includeSuperseded().build())))
          .containsExactly("disk full on db-03 for good");
      assertThat(memory.items()).extracting(MemoryItem::text).containsExactly("disk full on db-03 for good");
      assertThat(memory.size()).isEqualTo(3); // not yet purged: nothing was written

      memory.add("a later note");

      assertThat(memory.size()).isEqualTo(2);
    }
  }

  @Test
  void should_evict_a_superseded_item_before_any_current_one_at_capacity() {
    try (WorkingMemory memory = WorkingMemory.builder(Memories.EMBEDDER).clock(clock).capacity(3)
        .eviction(Eviction.OLDEST_FIRST).build()) {
      String oldest = memory.add("the oldest plain note");
      memory.write(MemoryWrite.text("status is open").subject("ticket 7").build());
      clock.advance(Duration.ofMinutes(1));
      memory.write(MemoryWrite.text("status is closed").subject("ticket 7").build());

      memory.add("one more note");

      assertThat(memory.items()).extracting(MemoryItem::text)
          .containsExactly("the oldest plain note", "status is closed", "one more note");
      assertThat(memory.vector(oldest)).isPresent();
    }
  }

  @Test
  void should_rebuild_the_same_versions_and_times_from_a_snapshot() {
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      memory.write(MemoryWrite.text("Maria lives in Lisbon").subject("home").validFrom(JAN).build());
      clock.advance(Duration.ofDays(1));
      memory.write(MemoryWrite.text("Maria moved to Berlin").subject("home").validFrom(MAR).build());
      List<MemoryItem> snapshot = memory.items();

      clock.advance(Duration.ofDays(30));
      try (WorkingMemory copy = WorkingMemory.builder(Memories.EMBEDDER).clock(clock).build()) {
        for (MemoryItem item : snapshot) {
          copy.addVector(item.id(), item.vector(), item.text(), item.metadata());
        }
        assertThat(copy.history("home")).isEqualTo(memory.history("home"));
      }
    }
  }

  @Test
  void should_remove_every_version_of_a_subject() {
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      memory.write(MemoryWrite.text("Maria lives in Lisbon").subject("home").build());
      memory.write(MemoryWrite.text("Maria moved to Berlin").subject("Home").build());
      memory.add("unrelated");

      assertThat(memory.removeSubject("HOME")).isEqualTo(2);

      assertThat(memory.history("home")).isEmpty();
      assertThat(memory.items()).extracting(MemoryItem::text).containsExactly("unrelated");
    }
  }

  @Test
  void should_refuse_bad_input_by_name_and_write_nothing() {
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      assertThatThrownBy(() -> MemoryWrite.text("x").subject(" ").build()).hasMessageContaining("subject");
      assertThatThrownBy(() -> MemoryWrite.text("x").subject("?!").build()).hasMessageContaining("no letter");
      assertThatThrownBy(() -> MemoryWrite.text("x").subject("s".repeat(1_001)).build())
          .hasMessageContaining("subject of 1,001 chars");
      assertThatThrownBy(() -> MemoryWrite.text("x").ttl(Duration.ZERO).build()).hasMessageContaining("ttl");
      assertThatThrownBy(() -> memory.write(MemoryWrite.text("x").subject("s")
          .validFrom(clock.instant().plus(Duration.ofHours(1))).build())).hasMessageContaining("valid_from")
          .hasMessageContaining("skew");
      assertThatThrownBy(() -> memory.add("x", Map.of(MemoryLifecycle.VALID_FROM, "yesterday")))
          .hasMessageContaining(MemoryLifecycle.VALID_FROM);
      assertThatThrownBy(() -> memory.add("x", Map.of(MemoryLifecycle.SUPERSEDED_BY, "m1")))
          .hasMessageContaining("derived");
      assertThatThrownBy(() -> MemoryQuery.text("x").asOf(JAN).includeSuperseded().build())
          .hasMessageContaining("asOf and includeSuperseded");
      assertThatThrownBy(() -> WorkingMemory.builder(Memories.EMBEDDER).ttl(MemoryKind.NOTE, Duration.ofSeconds(-1)))
          .hasMessageContaining("ttl for NOTE");
      assertThatThrownBy(() -> MemoryLifecycle.parseInstant("last tuesday", "as_of"))
          .hasMessageContaining("as_of").hasMessageContaining("last tuesday");
      assertThat(memory.size()).isZero();
    }
  }

  @Test
  void should_rank_a_newer_item_first_with_a_half_life_and_by_similarity_without_one() {
    try (WorkingMemory memory = memory(Memories.SINGLE_OWNER)) {
      clock.set(JAN);
      memory.add("the team meets on monday mornings in room four");
      clock.set(JUN);
      memory.add("the team meets on mondays");

      String query = "the team meets on monday mornings in room four";
      assertThat(memory.search(MemoryQuery.text(query).k(2).build()).get(0).text())
          .isEqualTo("the team meets on monday mornings in room four");
      List<Recall> weighted = memory.search(MemoryQuery.text(query).k(2).halfLife(Duration.ofDays(7)).build());
      assertThat(texts(weighted)).containsExactly("the team meets on mondays",
          "the team meets on monday mornings in room four");
      assertThat(weighted.get(1).similarity()).as("the similarity reported is the plain one").isGreaterThan(0.99);
      assertThat(texts(memory.search(MemoryQuery.text(query).k(2).halfLife(Duration.ofDays(7))
          .asOf(Instant.parse("2026-01-02T00:00:00Z")).build())))
          .containsExactly("the team meets on monday mornings in room four");
      assertThatThrownBy(() -> MemoryQuery.text(query).halfLife(Duration.ZERO)).hasMessageContaining("halfLife");
    }
  }

  @Test
  void should_parse_instants_and_dates_as_the_tools_take_them() {
    assertThat(MemoryLifecycle.parseInstant("2026-03-01", "as_of")).isEqualTo(MAR);
    assertThat(MemoryLifecycle.parseInstant("2026-03-01T01:00:00+01:00", "as_of")).isEqualTo(MAR);
  }
}
