package dev.memloop.runtime.alone;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.Embedders;
import java.util.List;

/**
 * Run by {@link dev.memloop.runtime.RuntimeAloneTest} in a JVM whose class path is memloop-runtime's alone: the
 * default embedder loads with no teacher, no onnxruntime and an empty cache, and a memory recalls a paraphrase.
 */
public final class DefaultEmbedderOffline {

  private DefaultEmbedderOffline() {}

  public static void main(String[] args) {
    for (String absent : List.of("ai.onnxruntime.OrtEnvironment", "dev.langchain4j.model.chat.ChatModel",
        "org.apache.pekko.cluster.Cluster", "org.postgresql.Driver", "picocli.CommandLine")) {
      try {
        Class.forName(absent);
        System.out.println("present: " + absent);
      } catch (ClassNotFoundException expected) {
        System.out.println("absent: " + absent);
      }
    }
    Embedder embedder = Embedders.defaultLocal();
    try (WorkingMemory memory = WorkingMemory.allocate(embedder)) {
      memory.add("the customer asked for a refund of order 42");
      memory.add("the server in rack 7 ran out of disk space");
      List<Recall> found = memory.recall("a client wants their money back for order 42", 1);
      System.out.println("embedder: " + embedder.name() + " " + embedder.dimension());
      System.out.println("recalled: " + found.get(0).text());
    }
  }
}
