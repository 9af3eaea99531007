package dev.memloop.workloads.alerts;

import java.util.Locale;

/**
 * Where a duplicate's original may lie, relative to the duplicate. It decides what a bounded window and a
 * per-turn memory dump can see, so experiments choose it explicitly; the default, {@link #ANY_EARLIER}, draws
 * the original uniformly from all earlier alerts (paper §5.1): some in the same turn, some inside the window,
 * many outside it.
 */
public sealed interface OriginPlacement {

  OriginPlacement ANY_EARLIER = new AnyEarlier();
  OriginPlacement SAME_TURN = new SameTurn();
  OriginPlacement EARLIER_TURNS = new EarlierTurns();

  /** Whether the alert at {@code original} may be the original of the one at {@code duplicate}. */
  boolean allows(int original, int duplicate, int alertsPerTurn);

  /** The name {@link #parse} reads back. */
  String name();

  /** Uniform over all earlier alerts. */
  record AnyEarlier() implements OriginPlacement {
    @Override
    public boolean allows(int original, int duplicate, int alertsPerTurn) {
      return original < duplicate;
    }

    @Override
    public String name() {
      return "any-earlier";
    }
  }

  /** Earlier in the same turn: what a per-turn dump taken at turn start cannot contain. */
  record SameTurn() implements OriginPlacement {
    @Override
    public boolean allows(int original, int duplicate, int alertsPerTurn) {
      return original < duplicate && original / alertsPerTurn == duplicate / alertsPerTurn;
    }

    @Override
    public String name() {
      return "same-turn";
    }
  }

  /** In an earlier turn: what a per-turn dump does contain. */
  record EarlierTurns() implements OriginPlacement {
    @Override
    public boolean allows(int original, int duplicate, int alertsPerTurn) {
      return original / alertsPerTurn < duplicate / alertsPerTurn;
    }

    @Override
    public String name() {
      return "earlier-turns";
    }
  }

  /** At most {@code alerts} alerts back: inside a window of that many exchanges. */
  record WithinLast(int alerts) implements OriginPlacement {
    public WithinLast {
      if (alerts <= 0) {
        throw new IllegalArgumentException("within-last needs a positive number of alerts: " + alerts);
      }
    }

    @Override
    public boolean allows(int original, int duplicate, int alertsPerTurn) {
      return original < duplicate && duplicate - original <= alerts;
    }

    @Override
    public String name() {
      return "within-last:" + alerts;
    }
  }

  /** More than {@code alerts} alerts back: outside a window of that many exchanges. */
  record BeyondLast(int alerts) implements OriginPlacement {
    public BeyondLast {
      if (alerts < 0) {
        throw new IllegalArgumentException("beyond-last needs a number of alerts >= 0: " + alerts);
      }
    }

    @Override
    public boolean allows(int original, int duplicate, int alertsPerTurn) {
      return duplicate - original > alerts;
    }

    @Override
    public String name() {
      return "beyond-last:" + alerts;
    }
  }

  /**
   * A {@code share} of the duplicate positions draw their original from earlier in the same turn, the rest from
   * earlier turns. Which positions are which follows a low-discrepancy sequence of the position (the golden
   * ratio's fractional multiples), so any share is met closely and the same spec always places the same way; the
   * share achieved is what the truth records, and studies report it.
   */
  record SameTurnShare(double share) implements OriginPlacement {
    private static final double GOLDEN = 0.6180339887498949;

    public SameTurnShare {
      if (!(share >= 0 && share <= 1)) {
        throw new IllegalArgumentException("same-turn share must be in [0, 1]: " + share);
      }
    }

    @Override
    public boolean allows(int original, int duplicate, int alertsPerTurn) {
      boolean sameTurnPosition = (duplicate * GOLDEN) % 1.0 < share;
      return sameTurnPosition ? SAME_TURN.allows(original, duplicate, alertsPerTurn)
          : EARLIER_TURNS.allows(original, duplicate, alertsPerTurn);
    }

    @Override
    public String name() {
      return "same-turn-share:" + share;
    }
  }

  /**
   * Reads {@code any-earlier}, {@code same-turn}, {@code earlier-turns}, {@code within-last:N},
   * {@code beyond-last:N} or {@code same-turn-share:S}.
   */
  static OriginPlacement parse(String text) {
    String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    switch (s) {
      case "any-earlier":
        return ANY_EARLIER;
      case "same-turn":
        return SAME_TURN;
      case "earlier-turns":
        return EARLIER_TURNS;
      default:
        break;
    }
    int colon = s.indexOf(':');
    if (colon > 0 && s.startsWith("same-turn-share:")) {
      try {
        return new SameTurnShare(Double.parseDouble(s.substring(colon + 1)));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("same-turn-share needs a number in [0, 1] after ':': " + text);
      }
    }
    if (colon > 0) {
      String kind = s.substring(0, colon);
      int n;
      try {
        n = Integer.parseInt(s.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("origin placement needs an integer after ':': " + text);
      }
      if (kind.equals("within-last")) {
        return new WithinLast(n);
      }
      if (kind.equals("beyond-last")) {
        return new BeyondLast(n);
      }
    }
    throw new IllegalArgumentException("unknown origin placement: '" + text
        + "' (expected any-earlier, same-turn, earlier-turns, within-last:N, beyond-last:N or same-turn-share:S)");
  }
}
