package dev.memloop.workloads.fleet;

import dev.memloop.workloads.alerts.SignatureCatalog;
import java.util.SplittableRandom;

/**
 * Distinct host and signature pairs drawn without replacement from a space large enough for the fleet (hosts
 * are numbered per role as far as needed), by a seeded affine permutation, so no list of the whole space is
 * ever built.
 */
final class IncidentPool {

  private final long size;
  private final long stride;
  private final long offset;
  private long drawn;
  private final int signatures = SignatureCatalog.SIGNATURES.size();

  IncidentPool(long needed, SplittableRandom random) {
    long hosts = Math.max(64, Math.min((long) SignatureCatalog.ROLES.size() * 9_999,
        (needed * 4) / signatures + SignatureCatalog.ROLES.size()));
    this.size = hosts * signatures;
    long s = 1 + random.nextLong(size - 1);
    while (gcd(s, size) != 1) { // an affine map i -> (s * i + o) mod size is a permutation iff gcd(s, size) = 1
      s = 1 + random.nextLong(size - 1);
    }
    this.stride = s;
    this.offset = random.nextLong(size);
  }

  /** {host number, signature index}, never the same pair twice. */
  int[] next() {
    if (drawn >= size) {
      throw new IllegalStateException("the incident space of " + size + " pairs is exhausted");
    }
    long code = (stride * drawn + offset) % size; // size < 10^6, so the product stays far below 2^63
    drawn++;
    return new int[] {(int) (code / signatures), (int) (code % signatures)};
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }
}
