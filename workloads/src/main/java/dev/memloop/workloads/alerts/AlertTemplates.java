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

  /** The prose of drawn details (concatenation, not {@code String.format}: the same text at a fraction of the cost). */
  static String render(int template, String host, Signature signature, Details d) {
    return TEMPLATES.get(template)
        .replace("{host}", host)
        .replace("{what}", signature.phrases().get(d.phrase()))
        .replace("{sig}", signature.id())
        .replace("{ip}", "10." + d.ip1() + "." + d.ip2() + "." + d.ip3())
        .replace("{count}", Integer.toString(d.count()))
        .replace("{minutes}", Integer.toString(d.minutes()))
        .replace("{time}", twoDigits(d.hour()) + ":" + twoDigits(d.minute()) + " UTC")
        .replace("{severity}", SEVERITIES[d.severity()]);
  }

  private static String twoDigits(int value) {
    return value < 10 ? "0" + value : Integer.toString(value);
  }
}
