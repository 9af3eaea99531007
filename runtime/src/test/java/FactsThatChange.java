import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MemoryWrite;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.Embedders;
import java.time.Instant;

/** Facts that change: the later one is current; the earlier one stays, true as of its own time. */
public class FactsThatChange {
  public static void main(String[] args) {
    try (WorkingMemory memory = WorkingMemory.allocate(Embedders.defaultLocal())) {
      memory.write(MemoryWrite.text("Maria lives in Lisbon").subject("Maria's home")
          .validFrom(Instant.parse("2025-06-01T00:00:00Z")).build());
      memory.write(MemoryWrite.text("Maria moved to Berlin in March").subject("maria's home")
          .validFrom(Instant.parse("2026-03-01T00:00:00Z")).build());
      String question = "Where does Maria live?";
      System.out.println("now: " + memory.recall(question, 5).get(0).text());
      System.out.println("as of 2025-12-31: " + memory.search(MemoryQuery.text(question).k(5)
          .asOf(Instant.parse("2025-12-31T00:00:00Z")).build()).get(0).text());
      memory.history("Maria's home").forEach(version -> System.out.println(version.validFrom() + " to "
          + (version.current() ? "now" : version.validTo()) + ": " + version.text()));
    }
  }
}
