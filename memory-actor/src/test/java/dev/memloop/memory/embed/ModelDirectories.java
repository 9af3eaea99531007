package dev.memloop.memory.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small model2vec directories written by tests, in every layout the loader reads. */
final class ModelDirectories {

  static final ObjectMapper JSON = new ObjectMapper();
  /** ids: [PAD]=0 [UNK]=1 [CLS]=2 [SEP]=3 hello=4 world=5 ##s=6 !=7 */
  static final List<String> VOCAB = List.of("[PAD]", "[UNK]", "[CLS]", "[SEP]", "hello", "world", "##s", "!");

  private ModelDirectories() {}

  static ObjectNode tokenizerJson(List<String> vocab) {
    ObjectNode root = JSON.createObjectNode();
    root.put("version", "1.0");
    root.putNull("truncation");
    root.putNull("padding");
    var added = root.putArray("added_tokens");
    for (String special : List.of("[PAD]", "[UNK]", "[CLS]", "[SEP]")) {
      ObjectNode token = added.addObject();
      token.put("id", vocab.indexOf(special));
      token.put("content", special);
      token.put("single_word", false);
      token.put("lstrip", false);
      token.put("rstrip", false);
      token.put("normalized", false);
      token.put("special", true);
    }
    ObjectNode normalizer = root.putObject("normalizer");
    normalizer.put("type", "BertNormalizer");
    normalizer.put("clean_text", true);
    normalizer.put("handle_chinese_chars", true);
    normalizer.putNull("strip_accents");
    normalizer.put("lowercase", true);
    root.putObject("pre_tokenizer").put("type", "BertPreTokenizer");
    ObjectNode model = root.putObject("model");
    model.put("type", "WordPiece");
    model.put("unk_token", "[UNK]");
    model.put("continuing_subword_prefix", "##");
    model.put("max_input_chars_per_word", 100);
    ObjectNode v = model.putObject("vocab");
    for (int i = 0; i < vocab.size(); i++) {
      v.put(vocab.get(i), i);
    }
    return root;
  }

  static Path write(Path dir, ObjectNode tokenizer, SafetensorsWriter tensors, boolean normalize) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("tokenizer.json"), JSON.writeValueAsString(tokenizer));
    Files.writeString(dir.resolve("config.json"), "{\"normalize\": " + normalize + ", \"model_type\": \"model2vec\"}");
    tensors.write(dir.resolve("model.safetensors"));
    return dir;
  }

  /** Row i of the 8-token test table: exact in F16 and I8 too. */
  static float[][] rows() {
    return new float[][] {{0, 0, 1}, {9, 9, 9}, {5, 0, 0}, {0, 5, 0}, {1, 2, 0}, {0, 1, 3}, {2, 0, -1}, {-1, 1, 1}};
  }
}
