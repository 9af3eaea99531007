package dev.memloop.runtime.llm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Prompts are files under {@code prompts/} on the class path, versioned in their names (triage-v1.txt). */
public final class Prompts {

  private Prompts() {}

  public static String load(String name) {
    try (InputStream in = Prompts.class.getResourceAsStream("/prompts/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no prompt named '" + name + "' under prompts/ on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("reading prompt " + name, e);
    }
  }
}
