package dev.memloop.agents.llm;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.Prompts;
import dev.memloop.workloads.trip.TripConstraint;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The second grade beside the keyword grader: a model (the paper used gpt-5-mini) counts the constraints an
 * answer states, in any wording, and replies {@code GRADE: n/5}. A reply in any other shape is an error, never
 * a zero.
 */
public final class RubricGrader {

  public static final String PROMPT = "rubric-v1.txt";
  private static final Pattern GRADE = Pattern.compile("^\\s*GRADE:\\s*(\\d+)\\s*/\\s*(\\d+)\\s*$");

  private final ChatCalls calls;

  public RubricGrader(ChatCalls calls) {
    this.calls = calls;
  }

  public int grade(String answer, List<TripConstraint> constraints) {
    StringBuilder listed = new StringBuilder();
    constraints.forEach(c -> listed.append("- ").append(c.statement()).append('\n'));
    String prompt = Prompts.load(PROMPT).replace("{constraints}", listed.toString().strip())
        .replace("{answer}", answer).replace("{total}", Integer.toString(constraints.size()));
    String reply = calls.chat(ChatRequest.builder().messages(List.of(UserMessage.from(prompt))).build()).aiMessage().text();
    return parse(reply, constraints.size());
  }

  static int parse(String reply, int total) {
    Matcher m = GRADE.matcher(reply == null ? "" : reply);
    if (!m.matches()) {
      throw new IllegalStateException("the rubric grader's reply is not 'GRADE: n/" + total + "': '" + reply + "'");
    }
    int grade = Integer.parseInt(m.group(1));
    int of = Integer.parseInt(m.group(2));
    if (of != total || grade > total) {
      throw new IllegalStateException("the rubric grader graded " + grade + "/" + of + " for " + total + " constraints");
    }
    return grade;
  }
}
