package dev.memloop.memory.embed;

import java.util.Arrays;

/**
 * BERT WordPiece tokenization in pure Java, matching Hugging Face {@code tokenizers} encoding without special
 * tokens ({@code add_special_tokens=False}): special tokens written literally in the text are split off the
 * raw text first, then each stretch is normalized ({@code BertNormalizer}), split on whitespace and
 * punctuation ({@code BertPreTokenizer}) and cut into word pieces, greedy longest match first, a word that
 * cannot be cut or is longer than {@code max_input_chars_per_word} becoming one unknown token. Truncation and
 * padding settings of tokenizer.json are ignored: the caller decides how much to keep.
 *
 * <p>Plain ASCII stretches are tokenized in place, folding capitals on the fly: no string is built and
 * nothing is allocated. Other text is normalized into a new string first. Read from tokenizer.json by
 * {@link TokenizerJson}. Immutable; thread-safe.
 */
public final class WordPieceTokenizer {

  private final String[] tokens;
  private final CharTable initial;
  private final CharTable continuation;
  private final int longestPiece;
  private final int unknownId;
  private final int maxCharsPerWord;
  private final BertText.BertFlags flags;
  private final String[] specialTexts; // longest first, so a leftmost match is also the longest
  private final int[] specialIds;
  private final String specialFirstChars;

  WordPieceTokenizer(String[] tokens, String continuingPrefix, int unknownId, int maxCharsPerWord,
      BertText.BertFlags flags, String[] specialTexts, int[] specialIds) {
    this.tokens = tokens;
    int totalChars = Arrays.stream(tokens).mapToInt(String::length).sum();
    this.initial = new CharTable(tokens.length, totalChars);
    this.continuation = new CharTable(tokens.length, totalChars);
    int longest = 1;
    for (int id = 0; id < tokens.length; id++) {
      String t = tokens[id];
      initial.put(t, 0, id);
      longest = Math.max(longest, t.length());
      if (t.startsWith(continuingPrefix) && t.length() > continuingPrefix.length()) {
        continuation.put(t, continuingPrefix.length(), id);
      }
    }
    this.longestPiece = longest;
    this.unknownId = unknownId;
    this.maxCharsPerWord = maxCharsPerWord;
    this.flags = flags;
    this.specialTexts = specialTexts;
    this.specialIds = specialIds;
    StringBuilder first = new StringBuilder();
    for (String s : specialTexts) {
      if (first.indexOf(s.substring(0, 1)) < 0) {
        first.append(s.charAt(0));
      }
    }
    this.specialFirstChars = first.toString();
  }

  public int vocabularySize() {
    return tokens.length;
  }

  /** The id of the unknown token. */
  public int unknownId() {
    return unknownId;
  }

  /** The token string of {@code id}. */
  public String token(int id) {
    return tokens[id];
  }

  /**
   * The median length in code points of the vocabulary's token strings, rounded down: model2vec cuts a text
   * to 512 times this many code points before tokenizing it.
   */
  public int medianTokenLength() {
    int[] lengths = Arrays.stream(tokens).mapToInt(t -> t.codePointCount(0, t.length())).sorted().toArray();
    int n = lengths.length;
    return n % 2 == 1 ? lengths[n / 2] : (lengths[n / 2 - 1] + lengths[n / 2]) / 2;
  }

  /** All token ids of {@code text}, unknown tokens included. */
  public int[] encode(String text) {
    int[] out = new int[Math.max(16, text.length() + 8)];
    int n = encode(text, out, out.length, -1);
    return Arrays.copyOf(out, n);
  }

  /**
   * Writes the token ids of {@code text} to {@code out}, leaving out {@code skipId} (-1 to keep all), until
   * {@code max} are written. Returns how many were. Allocates nothing for plain ASCII text.
   */
  public int encode(CharSequence text, int[] out, int max, int skipId) {
    int limit = Math.min(max, out.length);
    int count = 0;
    int length = text.length();
    int segment = 0;
    for (int i = 0; i < length && count < limit; i++) {
      if (specialFirstChars.indexOf(text.charAt(i)) < 0) {
        continue;
      }
      int special = specialAt(text, i);
      if (special >= 0) {
        count = encodeSegment(text, segment, i, out, limit, skipId, count);
        count = emit(specialIds[special], out, limit, skipId, count);
        i += specialTexts[special].length() - 1;
        segment = i + 1;
      }
    }
    return count < limit ? encodeSegment(text, segment, length, out, limit, skipId, count) : count;
  }

  private int specialAt(CharSequence text, int at) {
    for (int s = 0; s < specialTexts.length; s++) {
      String special = specialTexts[s];
      if (at + special.length() <= text.length() && regionMatches(text, at, special)) {
        return s;
      }
    }
    return -1;
  }

  private static boolean regionMatches(CharSequence text, int at, String special) {
    for (int i = 0; i < special.length(); i++) {
      if (text.charAt(at + i) != special.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private int encodeSegment(CharSequence text, int from, int to, int[] out, int limit, int skipId, int count) {
    if (from >= to) {
      return count;
    }
    if (BertText.plainAscii(text, from, to)) {
      return encodeAsciiWords(text, from, to, flags.lowercase(), out, limit, skipId, count);
    }
    String normalized = BertText.normalize(text, from, to, flags);
    return encodeWords(normalized, 0, normalized.length(), false, out, limit, skipId, count);
  }

  /** ASCII punctuation: the pre-tokenizer's test for characters below 0x80, as a table. */
  private static final boolean[] ASCII_PUNCTUATION = new boolean[128];

  static {
    for (int c = 0; c < 128; c++) {
      ASCII_PUNCTUATION[c] = BertText.isPunctuation(c);
    }
  }

  /**
   * {@link #encodeWords} for plain ASCII (printable, space, tab, line breaks), character by character with
   * no code point decoding: the common case of agent action lines, and a third faster.
   */
  private int encodeAsciiWords(CharSequence text, int from, int to, boolean foldAscii, int[] out, int limit,
      int skipId, int count) {
    int word = -1;
    for (int i = from; i < to && count < limit; i++) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        if (word >= 0) {
          count = asciiWordPieces(text, word, i, foldAscii, out, limit, skipId, count);
          word = -1;
        }
      } else if (ASCII_PUNCTUATION[c]) {
        if (word >= 0) {
          count = asciiWordPieces(text, word, i, foldAscii, out, limit, skipId, count);
          word = -1;
        }
        count = asciiWordPieces(text, i, i + 1, foldAscii, out, limit, skipId, count);
      } else if (word < 0) {
        word = i;
      }
    }
    return word >= 0 && count < limit ? asciiWordPieces(text, word, to, foldAscii, out, limit, skipId, count) : count;
  }

  /** {@link #wordPieces} for ASCII: characters are code points, no pair to keep whole. */
  private int asciiWordPieces(CharSequence text, int from, int to, boolean foldAscii, int[] out, int limit,
      int skipId, int count) {
    if (to - from > maxCharsPerWord) {
      return emit(unknownId, out, limit, skipId, count);
    }
    int mark = count;
    for (int start = from; start < to;) {
      int id = -1;
      int end = Math.min(to, start + longestPiece);
      for (; end > start; end--) {
        id = start == from ? initial.get(text, start, end, foldAscii) : continuation.get(text, start, end, foldAscii);
        if (id >= 0) {
          break;
        }
      }
      if (id < 0) {
        return emit(unknownId, out, limit, skipId, mark);
      }
      count = emit(id, out, limit, skipId, count);
      start = end;
    }
    return count;
  }

  /** The pre-tokenizer: words end at whitespace; each punctuation character is a word of its own. */
  private int encodeWords(CharSequence text, int from, int to, boolean foldAscii, int[] out, int limit, int skipId,
      int count) {
    int word = -1;
    for (int i = from; i < to && count < limit;) {
      int cp = Character.codePointAt(text, i);
      int next = i + Character.charCount(cp);
      if (BertText.isWhitespace(cp)) {
        if (word >= 0) {
          count = wordPieces(text, word, i, foldAscii, out, limit, skipId, count);
          word = -1;
        }
      } else if (BertText.isPunctuation(cp)) {
        if (word >= 0) {
          count = wordPieces(text, word, i, foldAscii, out, limit, skipId, count);
          word = -1;
        }
        count = wordPieces(text, i, next, foldAscii, out, limit, skipId, count);
      } else if (word < 0) {
        word = i;
      }
      i = next;
    }
    return word >= 0 && count < limit ? wordPieces(text, word, to, foldAscii, out, limit, skipId, count) : count;
  }

  /**
   * Greedy longest-match-first word pieces; a word with any uncuttable remainder is one unknown token. Pieces
   * past the limit are still matched, not written: a later failure would replace the word by one token.
   */
  private int wordPieces(CharSequence text, int from, int to, boolean foldAscii, int[] out, int limit, int skipId,
      int count) {
    if (Character.codePointCount(text, from, to) > maxCharsPerWord) {
      return emit(unknownId, out, limit, skipId, count);
    }
    int mark = count;
    for (int start = from; start < to;) {
      int end = Math.min(to, start + longestPiece);
      if (end < to && Character.isLowSurrogate(text.charAt(end))) {
        end--; // never cut a surrogate pair
      }
      int id = -1;
      while (end > start) {
        id = start == from ? initial.get(text, start, end, foldAscii) : continuation.get(text, start, end, foldAscii);
        if (id >= 0) {
          break;
        }
        end--;
        if (end > start && Character.isLowSurrogate(text.charAt(end))) {
          end--;
        }
      }
      if (id < 0) {
        return emit(unknownId, out, limit, skipId, mark);
      }
      count = emit(id, out, limit, skipId, count);
      start = end;
    }
    return count;
  }

  private static int emit(int id, int[] out, int limit, int skipId, int count) {
    if (id != skipId && count < limit) {
      out[count++] = id;
    }
    return count;
  }

  @Override
  public String toString() {
    return "WordPieceTokenizer[" + tokens.length + " tokens, unknown '" + tokens[unknownId] + "']";
  }
}
