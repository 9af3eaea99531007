package dev.memloop.workloads.alerts;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The prose alerts are written in (public for the fleet workloads; agents never see which template wrote an
 * alert). A duplicate is the same host and signature told through another template
 * and other details; two incidents told through one template share most of their words, which is why a guard
 * must not match raw prose (paper §5.1).
 */
public final class AlertTemplates {

  /** Placeholders: {host} {what} {sig} {ip} {count} {minutes} {time} {severity}. */
  public static final List<String> TEMPLATES = List.of(
      "ALERT [{severity}] {what} detected on {host} at {time}; {count} events from {ip} in the last {minutes} minutes.",
      "Host {host} reports {what}. The source address is {ip} and the sensor counted {count} hits since {time}.",
      "Detection rule {sig} fired for {host}: {what} ({count} matching events, first seen {time}).",
      "SOC ticket opened at {time}: {what} suspected on {host}, originating from {ip}. Severity {severity}.",
      "Our monitoring on {host} flagged {what} coming from {ip}; {count} occurrences over {minutes} minutes.",
      "Escalation from the night shift: {host} shows {what}, {count} events around {time}, origin {ip}.");

  private static final String[] SEVERITIES = {"low", "medium", "high", "critical"};

  private AlertTemplates() {}

  /**
   * The seeded details of one alert's prose, drawn before any text is made, so that a stream's draws can be made
   * for every alert and its text only for the alerts asked for (a fleet makes one turn's alerts at a time).
   */
  record Details(int phrase, int ip1, int ip2, int ip3, int hour, int minute, int count, int minutes, int severity) {}

  /** The alert's prose: {@code template} filled with the host, one of the signature's phrases and seeded details. */
  public static String render(int template, String host, Signature signature, SplittableRandom random) {
    return render(template, host, signature, draw(signature, random));
  }

  /** Draws one alert's details, in the order (and number) of draws its prose has always used. */
  static Details draw(Signature signature, SplittableRandom random) {
    int phrase = random.nextInt(signature.phrases().size());
    int ip1 = random.nextInt(1, 255);
    int ip2 = random.nextInt(256);
    int ip3 = random.nextInt(1, 255);
    int hour = random.nextInt(24);
    int minute = random.nextInt(60);
    int count = random.nextInt(3, 500);
    int minutes = random.nextInt(2, 60);
    int severity = random.nextInt(SEVERITIES.length);
    return new Details(phrase, ip1, ip2, ip3, hour, minute, count, minutes, severity);
  }

  /** Placeholders in the order {@link #render(int, String, Signature, Details)} fills them. */
  private static final List<String> PLACEHOLDERS =
      List.of("{host}", "{what}", "{sig}", "{ip}", "{count}", "{minutes}", "{time}", "{severity}");

  /** Each template cut once into literal text and placeholder numbers: writing an alert is then one pass. */
  private static final Compiled[] COMPILED = TEMPLATES.stream().map(AlertTemplates::compile).toArray(Compiled[]::new);

  /** A template as literals and, between literal i and i + 1, placeholder {@code slots[i]}. */
  private record Compiled(String[] literals, int[] slots, int length) {}

  private static Compiled compile(String template) {
    List<String> literals = new java.util.ArrayList<>();
    List<Integer> slots = new java.util.ArrayList<>();
    int from = 0;
    while (true) {
      int at = template.indexOf('{', from);
      if (at < 0) {
        literals.add(template.substring(from));
        break;
      }
      int close = template.indexOf('}', at);
      int slot = PLACEHOLDERS.indexOf(template.substring(at, close + 1));
      if (slot < 0) {
        throw new IllegalStateException("unknown placeholder in template: " + template.substring(at, close + 1));
      }
      literals.add(template.substring(from, at));
      slots.add(slot);
      from = close + 1;
    }
    return new Compiled(literals.toArray(String[]::new), slots.stream().mapToInt(Integer::intValue).toArray(),
        template.length());
  }

  /**
   * The prose of drawn details, in one pass over the compiled template (it was eight {@code String.replace} calls and
   * two {@code String.format}s, a fleet's largest cost after its agents once turns were made as they are sent; the
   * text is the same, which the workload tests' golden stream checks).
   */
  static String render(int template, String host, Signature signature, Details d) {
    Compiled compiled = COMPILED[template];
    StringBuilder out = new StringBuilder(compiled.length() + 48);
    for (int i = 0; i < compiled.slots().length; i++) {
      out.append(compiled.literals()[i]);
      switch (compiled.slots()[i]) {
        case 0 -> out.append(host);
        case 1 -> out.append(signature.phrases().get(d.phrase()));
        case 2 -> out.append(signature.id());
        case 3 -> out.append("10.").append(d.ip1()).append('.').append(d.ip2()).append('.').append(d.ip3());
        case 4 -> out.append(d.count());
        case 5 -> out.append(d.minutes());
        case 6 -> twoDigits(twoDigits(out, d.hour()).append(':'), d.minute()).append(" UTC");
        case 7 -> out.append(SEVERITIES[d.severity()]);
        default -> throw new IllegalStateException("placeholder " + compiled.slots()[i]);
      }
    }
    return out.append(compiled.literals()[compiled.slots().length]).toString();
  }

  private static StringBuilder twoDigits(StringBuilder out, int value) {
    return (value < 10 ? out.append('0') : out).append(value);
  }
}
