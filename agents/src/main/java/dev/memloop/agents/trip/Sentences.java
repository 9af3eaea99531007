package dev.memloop.agents.trip;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Splitting messages into sentences, and telling a durable requirement ("must", "need") from small talk. */
final class Sentences {

  private static final Pattern END = Pattern.compile("(?<=[.?!])\\s+");
  private static final Pattern REQUIREMENT = Pattern.compile("\\b(must|need|needs|required|only)\\b");

  private Sentences() {}

  static List<String> of(String message) {
    List<String> out = new ArrayList<>();
    for (String s : END.split(message.trim())) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  static boolean isRequirement(String sentence) {
    return REQUIREMENT.matcher(sentence.toLowerCase(Locale.ROOT)).find();
  }

  /** Every requirement sentence in {@code messages}, each once, in order. */
  static List<String> requirements(List<String> messages) {
    List<String> out = new ArrayList<>();
    for (String m : messages) {
      for (String s : of(m)) {
        if (isRequirement(s) && !out.contains(s)) {
          out.add(s);
        }
      }
    }
    return out;
  }
}
