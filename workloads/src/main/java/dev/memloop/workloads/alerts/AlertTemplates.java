package dev.memloop.workloads.alerts;

import java.util.List;
import java.util.Locale;
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

  /** The alert's prose: {@code template} filled with the host, one of the signature's phrases and seeded details. */
  public static String render(int template, String host, Signature signature, SplittableRandom random) {
    String what = signature.phrases().get(random.nextInt(signature.phrases().size()));
    String ip = String.format(Locale.ROOT, "10.%d.%d.%d", random.nextInt(1, 255), random.nextInt(256),
        random.nextInt(1, 255));
    String time = String.format(Locale.ROOT, "%02d:%02d UTC", random.nextInt(24), random.nextInt(60));
    return TEMPLATES.get(template)
        .replace("{host}", host)
        .replace("{what}", what)
        .replace("{sig}", signature.id())
        .replace("{ip}", ip)
        .replace("{count}", Integer.toString(random.nextInt(3, 500)))
        .replace("{minutes}", Integer.toString(random.nextInt(2, 60)))
        .replace("{time}", time)
        .replace("{severity}", SEVERITIES[random.nextInt(SEVERITIES.length)]);
  }
}
