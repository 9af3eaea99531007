package dev.memloop.memory.distill;

import dev.memloop.memory.embed.Embedders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The build's step that makes {@code dev.memloop:memloop-default-embedder}: distills the default table from the
 * teacher into a class-path folder, {@code <out>/dev/memloop/embedders/<teacher>-pca256/}, and names that folder in
 * {@code default-model.txt} beside it. The model's bytes depend only on the teacher and the options (one
 * single-threaded teacher session per worker, fixed batch boundaries), so every build makes the same table.
 *
 * <p>Not for applications: {@link Embedders#defaultLocal()} reads what this wrote.
 */
public final class BundleDefaultModel {

  private BundleDefaultModel() {}

  /** {@code args[0]}: the output folder (the module's {@code target/classes}). */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: BundleDefaultModel OUTPUT_DIR");
    }
    TeacherModel teacher = TeacherModel.load(TeacherModel.MINILM);
    Distiller.Options options = Distiller.Options.DEFAULT;
    String name = DistilledModels.directoryName(teacher.sha256(), options);
    // the index names the table's folder beside it: the layout Embedders.defaultLocal() reads
    Path index = Path.of(args[0]).resolve(Embedders.DEFAULT_MODEL_INDEX);
    Path target = index.resolveSibling(name);
    if (Files.isRegularFile(index) && Files.isRegularFile(target.resolve("model.safetensors"))
        && name.equals(Files.readString(index, StandardCharsets.UTF_8).strip())) {
      System.out.println("default embedder model up to date: " + target);
      return;
    }
    long start = System.nanoTime();
    Distiller.distill(teacher, options, target, Distiller.Progress.SILENT);
    Files.writeString(index, name + "\n", StandardCharsets.UTF_8);
    System.out.printf("default embedder model distilled into %s in %.1f s%n", target, (System.nanoTime() - start) / 1e9);
  }
}
