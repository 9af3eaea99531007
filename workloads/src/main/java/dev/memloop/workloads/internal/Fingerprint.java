package dev.memloop.workloads.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 over a sequence of strings, each length-prefixed so that no two sequences collide by concatenation. */
public final class Fingerprint {

  private final MessageDigest digest;

  public Fingerprint() {
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  public Fingerprint add(Object value) {
    byte[] bytes = String.valueOf(value).getBytes(StandardCharsets.UTF_8);
    digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
    digest.update((byte) ':');
    digest.update(bytes);
    return this;
  }

  public String hex() {
    return HexFormat.of().formatHex(digest.digest());
  }
}
