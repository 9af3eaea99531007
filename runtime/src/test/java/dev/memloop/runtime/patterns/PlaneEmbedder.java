package dev.memloop.runtime.patterns;

import dev.memloop.memory.Embedder;
import java.util.HashMap;
import java.util.Map;

/**
 * Texts placed by hand: each known text embeds to the unit vector at its angle in the plane (degrees), so that the
 * similarity of two texts is the cosine of the angle between them and every test knows its answer. Unknown texts
 * embed to the zero vector.
 */
public final class PlaneEmbedder implements Embedder {

  private final Map<String, float[]> vectors = new HashMap<>();

  public PlaneEmbedder at(String text, double degrees) {
    double radians = Math.toRadians(degrees);
    vectors.put(text, new float[] {(float) Math.cos(radians), (float) Math.sin(radians)});
    return this;
  }

  @Override
  public float[] embed(String text) {
    float[] v = vectors.get(text);
    return v == null ? new float[2] : v.clone();
  }

  @Override
  public int dimension() {
    return 2;
  }
}
