package dev.memloop.memory.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads a Hugging Face tokenizer.json into a {@link WordPieceTokenizer}. Supported: a WordPiece model, a
 * {@code BertNormalizer} (or none), a {@code BertPreTokenizer}, and special tokens matched on the raw text.
 * Anything else is refused with an {@link InvalidModelException} that names the file and the setting,
 * rather than tokenized almost right.
 */
public final class TokenizerJson {

  private static final ObjectMapper JSON = new ObjectMapper();

  private TokenizerJson() {}

  public static WordPieceTokenizer read(Path file) {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new InvalidModelException(file, "cannot be read as JSON: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new InvalidModelException(file, "is not a JSON object");
    }
    return parse(root, file);
  }

  static WordPieceTokenizer parse(JsonNode root, Path file) {
    JsonNode model = root.path("model");
    String type = model.path("type").asText("");
    if (!type.equals("WordPiece")) {
      throw new InvalidModelException(file, "has model type '" + type + "', not WordPiece; memloop's static "
          + "embedder reads BERT WordPiece tokenizers");
    }
    String[] tokens = vocabulary(model.path("vocab"), file);
    String unknown = model.path("unk_token").asText("[UNK]");
    int unknownId = indexOf(tokens, unknown);
    if (unknownId < 0) {
      throw new InvalidModelException(file, "names unk_token '" + unknown + "', which is not in the vocabulary");
    }
    String prefix = model.path("continuing_subword_prefix").asText("##");
    int maxChars = model.path("max_input_chars_per_word").asInt(100);
    BertText.BertFlags flags = normalizer(root.path("normalizer"), file);
    JsonNode pre = root.path("pre_tokenizer");
    if (!pre.path("type").asText("").equals("BertPreTokenizer")) {
      throw new InvalidModelException(file, "has pre_tokenizer '" + pre.path("type").asText(pre.toString())
          + "'; only BertPreTokenizer is supported");
    }
    List<Map.Entry<String, Integer>> specials = specials(root.path("added_tokens"), tokens.length, file);
    specials.sort(Comparator.comparingInt((Map.Entry<String, Integer> e) -> e.getKey().length()).reversed());
    return new WordPieceTokenizer(tokens, prefix, unknownId, maxChars, flags,
        specials.stream().map(Map.Entry::getKey).toArray(String[]::new),
        specials.stream().mapToInt(Map.Entry::getValue).toArray());
  }

  /** Token strings by id; ids must be exactly 0..n-1. */
  private static String[] vocabulary(JsonNode vocab, Path file) {
    if (!vocab.isObject() || vocab.size() == 0) {
      throw new InvalidModelException(file, "has no model.vocab object");
    }
    String[] tokens = new String[vocab.size()];
    for (Iterator<Map.Entry<String, JsonNode>> it = vocab.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      int id = e.getValue().asInt(-1);
      if (id < 0 || id >= tokens.length || tokens[id] != null) {
        throw new InvalidModelException(file, "has vocabulary id " + e.getValue() + " for '" + e.getKey()
            + "': ids must be 0.." + (tokens.length - 1) + ", each once");
      }
      tokens[id] = e.getKey();
    }
    return tokens;
  }

  private static BertText.BertFlags normalizer(JsonNode node, Path file) {
    if (node.isMissingNode() || node.isNull()) {
      return new BertText.BertFlags(false, false, false, false);
    }
    String type = node.path("type").asText("");
    if (!type.equals("BertNormalizer")) {
      throw new InvalidModelException(file, "has normalizer '" + type + "'; only BertNormalizer (or none) is supported");
    }
    boolean lowercase = node.path("lowercase").asBoolean(true);
    JsonNode strip = node.path("strip_accents");
    return new BertText.BertFlags(node.path("clean_text").asBoolean(true),
        node.path("handle_chinese_chars").asBoolean(true),
        strip.isBoolean() ? strip.asBoolean() : lowercase, // null follows lowercase, as in the reference
        lowercase);
  }

  private static List<Map.Entry<String, Integer>> specials(JsonNode added, int vocabularySize, Path file) {
    List<Map.Entry<String, Integer>> out = new ArrayList<>();
    for (JsonNode token : added) {
      String content = token.path("content").asText("");
      int id = token.path("id").asInt(-1);
      if (content.isEmpty() || id < 0 || id >= vocabularySize) {
        throw new InvalidModelException(file, "has an added token " + token + " without content or with an id "
            + "outside the vocabulary");
      }
      if (token.path("normalized").asBoolean(false) || token.path("single_word").asBoolean(false)
          || token.path("lstrip").asBoolean(false) || token.path("rstrip").asBoolean(false)) {
        throw new InvalidModelException(file, "has added token '" + content + "' with normalized, single_word, "
            + "lstrip or rstrip set; only plain special tokens are supported");
      }
      out.add(Map.entry(content, id));
    }
    return out;
  }

  private static int indexOf(String[] tokens, String token) {
    for (int i = 0; i < tokens.length; i++) {
      if (tokens[i].equals(token)) {
        return i;
      }
    }
    return -1;
  }
}
