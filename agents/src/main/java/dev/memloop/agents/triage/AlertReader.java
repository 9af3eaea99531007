package dev.memloop.agents.triage;

import dev.memloop.workloads.alerts.ActionLine;
import dev.memloop.workloads.alerts.Signature;
import dev.memloop.workloads.alerts.SignatureCatalog;
import java.util.Optional;

/**
 * Reads the action line an investigation of an alert would execute, {@code investigate host=H sig=S}, from the
 * alert's prose alone: the host as written, the signature from the phrase the prose uses for it. This is the
 * triage agent's extraction (an LLM's job in the paper); the ground truth never enters it.
 */
public final class AlertReader {

  private AlertReader() {}

  /** The action line, or empty when the prose names no known host or no single signature. */
  public static Optional<String> actionLine(String alertText) {
    if (alertText == null) {
      return Optional.empty();
    }
    Optional<String> host = SignatureCatalog.hostIn(alertText);
    Optional<Signature> signature = SignatureCatalog.signatureIn(alertText);
    if (host.isEmpty() || signature.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(ActionLine.of(host.get(), signature.get().id()));
  }
}
