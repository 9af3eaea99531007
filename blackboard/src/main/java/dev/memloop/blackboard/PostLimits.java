package dev.memloop.blackboard;

/**
 * What one post may carry. A shared structure must not let one writer fill it with a single entry; posts
 * beyond these limits are rejected with the limit named, and counted.
 */
public record PostLimits(int maxTextChars, int maxMetadataEntries, int maxMetadataValueChars) {

  public static final PostLimits DEFAULT = new PostLimits(16_384, 32, 1_024);

  public PostLimits {
    if (maxTextChars <= 0 || maxMetadataEntries < 0 || maxMetadataValueChars <= 0) {
      throw new IllegalArgumentException("post limits must be positive: text " + maxTextChars + ", metadata entries "
          + maxMetadataEntries + ", metadata value " + maxMetadataValueChars);
    }
  }
}
