package dev.memloop.runtime.config;

/**
 * The chat model a group of LLM agents names for itself ({@code memloop.groups.<name>.llm}), over
 * {@code memloop.llm}: a model name and a base URL, each empty when the group takes {@code memloop.llm}'s. The key
 * never comes from a config file. Immutable.
 */
public record GroupModel(String model, String baseUrl) {

  /** The group takes memloop.llm as it is. */
  public static final GroupModel INHERIT = new GroupModel("", "");

  public GroupModel {
    model = model == null ? "" : model.trim();
    baseUrl = baseUrl == null ? "" : baseUrl.trim();
    if (!baseUrl.isEmpty() && !(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
      throw new IllegalArgumentException("llm.base-url must be an http(s) URL: '" + baseUrl + "'");
    }
  }

  public boolean inherits() {
    return model.isEmpty() && baseUrl.isEmpty();
  }
}
