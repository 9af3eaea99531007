package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Token ids of memloop's WordPiece against the reference Hugging Face tokenizer (Rust, through DJL), on the
 * teacher's own tokenizer.json and thousands of strings built to reach every branch: ASCII, accents, CJK,
 * punctuation, overlong words, whitespace runs, control characters and literal special tokens.
 */
class TokenizerParityTest {

  static final String TEACHER_TOKENIZER = "/all-minilm-l6-v2-q-tokenizer.json";

  @TempDir
  static Path dir;

  private static HuggingFaceTokenizer reference;
  private static WordPieceTokenizer memloop;

  @BeforeAll
  static void load() throws IOException {
    Path file = dir.resolve("tokenizer.json");
    try (InputStream in = TokenizerParityTest.class.getResourceAsStream(TEACHER_TOKENIZER)) {
      Files.copy(in, file);
    }
    reference = HuggingFaceTokenizer.newInstance(file,
        Map.of("addSpecialTokens", "false", "truncation", "false", "padding", "false"));
    memloop = TokenizerJson.read(file);
  }

  @AfterAll
  static void close() {
    reference.close();
  }

  @Test
  void should_match_the_reference_on_hand_picked_strings() {
    List<String> cases = List.of(
        "investigate host=web-03 sig=ssh-bruteforce",
        "Hello, World!!  How's it going?",
        "naïve café résumé Ångström İstanbul straße ﬁne",
        "中文字符和日本語のテキスト 한국어 텍스트",
        "“quoted” «guillemets» — dashes … ellipsis",
        "[CLS] literal [SEP] tokens[MASK]inside [[UNK]] [cls]",
        "tabs\tand\nnewlines\r\n and\u00a0nbsp\u3000ideographic\u2003em",
        "control\u0001chars\u200bzero\ufeffwidth\ufffdreplacement\u0000nul",
        "emoji 😀👍🏽 symbols ©™€ math ∑∞≠",
        "a".repeat(100) + " " + "b".repeat(101) + " " + "antidisestablishmentarianism",
        "", "   ", "\t\n", "!!!", "x");
    for (String text : cases) {
      assertSame(text);
    }
  }

  @Test
  void should_match_the_reference_on_thousands_of_generated_strings() {
    SplittableRandom random = new SplittableRandom(20261129);
    for (int i = 0; i < 3000; i++) {
      assertSame(generate(random));
    }
  }

  private static void assertSame(String text) {
    long[] expected = reference.encode(text, false, false).getIds();
    int[] actual = memloop.encode(text);
    assertThat(Arrays.stream(actual).asLongStream().toArray())
        .as("ids of \"%s\" (expected tokens %s)", escape(text), tokens(expected))
        .containsExactly(expected);
  }

  private static final String[] PIECES = {
    "the", "Quick", "BROWN", "fox", "jumps", "over", "lazy", "dog", "host=web-03", "sig=ssh", "investigate",
    "café", "naïve", "Ångström", "jalapeño", "İ", "ß", "Ω", "Σίσυφος", "Привет", "мир", "مرحبا", "שלום",
    "नमस्ते", "สวัสดี", "中", "文字", "日本語", "ひらがな", "カタカナ", "한국어", "ﬁ", "™", "©", "€", "½", "²",
    "😀", "👍🏽", "∑", "→", "(", ")", "[", "]", "{", "}", "\"", "'", ",", ".", "!", "?", ";", ":", "-", "_", "/",
    "\\", "@", "#", "$", "%", "^", "&", "*", "+", "=", "<", ">", "|", "~", "`", "…", "—", "–", "“", "”", "«", "»",
    "[CLS]", "[SEP]", "[MASK]", "[UNK]", "[PAD]", "[cls]", "##ing", "un##", "12345", "3.14", "x86_64",
    "\u0001", "\u200b", "\ufeff", "\u00ad", "\ufffd", "\u0301", "e\u0301", "\u00a0", "\u3000", "\u2028",
    "supercalifragilisticexpialidocious", "pneumonoultramicroscopicsilicovolcanoconiosis"
  };

  private static final String[] GAPS = {"", " ", " ", " ", "  ", "\t", "\n", " \r\n ", "\u00a0", "   "};

  private static String generate(SplittableRandom random) {
    StringBuilder out = new StringBuilder();
    int parts = 1 + random.nextInt(12);
    for (int p = 0; p < parts; p++) {
      switch (random.nextInt(10)) {
        case 0:
          out.append(randomLetters(random, 1 + random.nextInt(130))); // sometimes past 100 characters
          break;
        case 1:
          out.appendCodePoint(randomCodePoint(random));
          break;
        default:
          out.append(PIECES[random.nextInt(PIECES.length)]);
      }
      out.append(GAPS[random.nextInt(GAPS.length)]);
    }
    return out.toString();
  }

  private static String randomLetters(SplittableRandom random, int n) {
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < n; i++) {
      word.append((char) ((random.nextBoolean() ? 'a' : 'A') + random.nextInt(26)));
    }
    return word.toString();
  }

  /** Code points from long-assigned blocks, so both sides agree on which are assigned. */
  private static int randomCodePoint(SplittableRandom random) {
    int[][] blocks = {{0x20, 0x7e}, {0xa0, 0x24f}, {0x370, 0x3ff}, {0x400, 0x4ff}, {0x5d0, 0x5ea}, {0x620, 0x64a},
        {0x900, 0x97f}, {0xe01, 0xe3a}, {0x2000, 0x206f}, {0x3040, 0x30ff}, {0x4e00, 0x9fa5}, {0xac00, 0xd7a3},
        {0xff01, 0xff5e}};
    int[] block = blocks[random.nextInt(blocks.length)];
    return block[0] + random.nextInt(block[1] - block[0] + 1);
  }

  private static String escape(String text) {
    StringBuilder out = new StringBuilder();
    text.codePoints().forEach(cp -> {
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0x200b || cp == 0xfeff) {
        out.append(String.format("\\u%04x", cp));
      } else {
        out.appendCodePoint(cp);
      }
    });
    return out.toString();
  }

  private static List<String> tokens(long[] ids) {
    List<String> out = new ArrayList<>();
    for (long id : ids) {
      out.add(memloop.token((int) id));
    }
    return out;
  }
}
