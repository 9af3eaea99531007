package dev.memloop.memory.embed;

import java.text.Normalizer;

/**
 * The character classes and normalization of Hugging Face's {@code BertNormalizer} and
 * {@code BertPreTokenizer}, written to match the reference tokenizer code point by code point: Rust's
 * {@code char::is_whitespace} (the Unicode White_Space property, which Java's {@code isWhitespace} is not),
 * "other" categories as control characters, ASCII or Unicode punctuation, the BERT CJK ranges, NFD accent
 * stripping and full lowercase mapping.
 *
 * <p>Character categories come from the JDK's Unicode tables, the reference's from its own; characters
 * assigned or recategorized between their versions may tokenize differently. Stateless; thread-safe.
 */
final class BertText {

  private BertText() {}

  /** Rust's {@code char::is_whitespace}: the Unicode White_Space property. */
  static boolean isWhitespace(int cp) {
    switch (cp) {
      case 0x09: case 0x0a: case 0x0b: case 0x0c: case 0x0d: case 0x20: case 0x85: case 0xa0:
      case 0x1680: case 0x2028: case 0x2029: case 0x202f: case 0x205f: case 0x3000:
        return true;
      default:
        return cp >= 0x2000 && cp <= 0x200a;
    }
  }

  /**
   * The normalizer's control test: categories Cc, Cf, Co and Cs, except tab, newline and return. Unassigned
   * code points (Cn) are kept, as the reference keeps them (measured against it: U+03A2 stays).
   */
  static boolean isControl(int cp) {
    if (cp == '\t' || cp == '\n' || cp == '\r') {
      return false;
    }
    switch (Character.getType(cp)) {
      case Character.CONTROL:
      case Character.FORMAT:
      case Character.PRIVATE_USE:
      case Character.SURROGATE:
        return true;
      default:
        return false;
    }
  }

  /** The pre-tokenizer's punctuation: ASCII punctuation or any Unicode P* category. */
  static boolean isPunctuation(int cp) {
    if (cp < 0x80) {
      return (cp >= 0x21 && cp <= 0x2f) || (cp >= 0x3a && cp <= 0x40) || (cp >= 0x5b && cp <= 0x60)
          || (cp >= 0x7b && cp <= 0x7e);
    }
    switch (Character.getType(cp)) {
      case Character.CONNECTOR_PUNCTUATION:
      case Character.DASH_PUNCTUATION:
      case Character.START_PUNCTUATION:
      case Character.END_PUNCTUATION:
      case Character.INITIAL_QUOTE_PUNCTUATION:
      case Character.FINAL_QUOTE_PUNCTUATION:
      case Character.OTHER_PUNCTUATION:
        return true;
      default:
        return false;
    }
  }

  /** The BERT "Chinese character" ranges: the CJK Unified Ideographs blocks and compatibility ideographs. */
  static boolean isChinese(int cp) {
    return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x20000 && cp <= 0x2a6df)
        || (cp >= 0x2a700 && cp <= 0x2b73f) || (cp >= 0x2b740 && cp <= 0x2b81f) || (cp >= 0x2b920 && cp <= 0x2ceaf)
        || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0x2f800 && cp <= 0x2fa1f);
  }

  /**
   * Whether ASCII text needs nothing from the normalizer beyond ASCII lowercasing: printable characters,
   * spaces, tabs and line breaks only. Such text is tokenized in place, without building a string.
   */
  static boolean plainAscii(CharSequence text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c >= 0x7f || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
        return false;
      }
    }
    return true;
  }

  /** The normalizer, step by step in the reference's order: clean, CJK spacing, accents, lowercase. */
  static String normalize(CharSequence text, int from, int to, BertFlags flags) {
    StringBuilder out = new StringBuilder(to - from + 8);
    for (int i = from; i < to;) {
      int cp = Character.codePointAt(text, i);
      i += Character.charCount(cp);
      if (flags.cleanText()) {
        if (cp == 0 || cp == 0xfffd || isControl(cp)) {
          continue;
        }
        if (isWhitespace(cp)) {
          cp = ' ';
        }
      }
      if (flags.handleChineseChars() && isChinese(cp)) {
        out.append(' ').appendCodePoint(cp).append(' ');
      } else {
        out.appendCodePoint(cp);
      }
    }
    String s = out.toString();
    if (flags.stripAccents()) {
      String decomposed = Normalizer.normalize(s, Normalizer.Form.NFD);
      StringBuilder kept = new StringBuilder(decomposed.length());
      decomposed.codePoints().filter(cp -> Character.getType(cp) != Character.NON_SPACING_MARK)
          .forEach(kept::appendCodePoint);
      s = kept.toString();
    }
    if (flags.lowercase()) {
      StringBuilder lower = new StringBuilder(s.length());
      s.codePoints().forEach(cp -> {
        if (cp == 0x130) { // the one unconditional multi-character lowercase mapping: I with dot above
          lower.append('i').append('\u0307');
        } else {
          lower.appendCodePoint(Character.toLowerCase(cp));
        }
      });
      s = lower.toString();
    }
    return s;
  }

  /** The {@code BertNormalizer} switches, as tokenizer.json gives them. */
  record BertFlags(boolean cleanText, boolean handleChineseChars, boolean stripAccents, boolean lowercase) {}
}
