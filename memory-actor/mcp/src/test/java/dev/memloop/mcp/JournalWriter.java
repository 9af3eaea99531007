package dev.memloop.mcp;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A process that holds a journal, for the tests that need a second process: {@code write DIR NAME N} appends N notes
 * and prints each outcome ({@code ok note-i} or {@code refused note-i: why}); {@code hold DIR NAME} opens the journal,
 * prints {@code holding}, and keeps it until its standard input closes.
 */
public final class JournalWriter {

  private JournalWriter() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[1]);
    try (JournaledMemory memory = JournaledMemory.open(dir, args[2], WorkingMemory.builder(new HashingEmbedder(64))
        .threadSafe().build())) {
      if (args[0].equals("hold")) {
        System.out.println("holding");
        System.out.flush();
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        return;
      }
      int notes = Integer.parseInt(args[3]);
      for (int i = 0; i < notes; i++) {
        String text = "note-" + i + " " + "x".repeat(200);
        try {
          memory.add(text);
          System.out.println("ok note-" + i);
        } catch (RuntimeException refused) {
          System.out.println("refused note-" + i + ": " + refused.getMessage());
        }
      }
    }
  }
}
