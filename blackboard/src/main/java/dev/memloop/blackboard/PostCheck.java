package dev.memloop.blackboard;

import dev.memloop.memory.MemoryKind;
import java.util.Map;

/** The blackboard's own limits on a post, checked before the memory sees it (the memory checks the rest). */
final class PostCheck {

  /**
   * Metadata keys the blackboard writes itself; a poster may not set them. The author is kept where every item's
   * author is ({@link MemoryKind#AUTHOR_KEY}, read with {@code Recall.author()}).
   */
  static final String AUTHOR = MemoryKind.AUTHOR_KEY;
  static final String SEQUENCE = "seq";
  static final String POSTED_AT = "postedAt";

  private PostCheck() {}

  /** The reason to refuse the post, or null to accept it. */
  static String problem(Blackboard.Post post, PostLimits limits) {
    if (post.author() == null || post.author().isBlank()) {
      return "author must not be null or blank: " + (post.author() == null ? "null" : "'" + post.author() + "'");
    }
    if (post.text() != null && post.text().length() > limits.maxTextChars()) {
      return "text of " + post.text().length() + " chars exceeds the limit of " + limits.maxTextChars();
    }
    Map<String, Object> metadata = post.metadata();
    if (metadata == null) {
      return null;
    }
    if (metadata.size() > limits.maxMetadataEntries()) {
      return "metadata of " + metadata.size() + " entries exceeds the limit of " + limits.maxMetadataEntries();
    }
    for (Map.Entry<String, Object> e : metadata.entrySet()) {
      String key = e.getKey();
      boolean ownAuthor = AUTHOR.equals(key) && post.author().equals(e.getValue()); // the runtime tags its items
      if ((AUTHOR.equals(key) && !ownAuthor) || SEQUENCE.equals(key) || POSTED_AT.equals(key)) {
        return "metadata key '" + key + "' is the blackboard's own";
      }
      Object value = e.getValue();
      if (value instanceof CharSequence s && s.length() > limits.maxMetadataValueChars()) {
        return "metadata value for '" + key + "' of " + s.length() + " chars exceeds the limit of "
            + limits.maxMetadataValueChars();
      }
    }
    return null;
  }
}
