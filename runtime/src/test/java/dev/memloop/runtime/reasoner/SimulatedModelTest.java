package dev.memloop.runtime.reasoner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.UnusedMemory;
import dev.memloop.runtime.step.WindowMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SimulatedModelTest {

  static StepContext step(String text, List<String> windowTexts, List<String> pinned) {
    List<WindowMessage> window = new ArrayList<>();
    for (String t : windowTexts) {
      window.add(new WindowMessage(WindowMessage.Role.OBSERVATION, t));
      window.add(new WindowMessage(WindowMessage.Role.REPLY, "ok"));
    }
    return new StepContext("a", 0, 0, new Observation("o", text), window, pinned, UnusedMemory.INSTANCE);
  }

  static Decision decide(SimulatedModel model, StepContext context) {
    return model.decide(context).toCompletableFuture().join();
  }

  @Test
  void should_recognize_only_what_its_window_or_pin_shows() {
    SimulatedModel always = new SimulatedModel(new SimulatedModel.Parameters(1, 1, 0), Optional::of, 1);
    assertThat(decide(always, step("x", List.of("y", "x"), List.of()))).isEqualTo(Decision.skip("x", Decision.Recognition.WINDOW));
    assertThat(decide(always, step("x", List.of("y"), List.of("x")))).isEqualTo(Decision.skip("x", Decision.Recognition.PINNED));
    assertThat(decide(always, step("x", List.of("y"), List.of("z")))).isEqualTo(Decision.act("x"));
    SimulatedModel never = new SimulatedModel(new SimulatedModel.Parameters(0, 0, 0), Optional::of, 1);
    assertThat(decide(never, step("x", List.of("x"), List.of("x")))).isEqualTo(Decision.act("x"));
  }

  @Test
  void should_read_lines_through_its_extractor() {
    SimulatedModel model = new SimulatedModel(new SimulatedModel.Parameters(1, 1, 0),
        text -> text.contains("web-03") ? Optional.of("investigate host=web-03") : Optional.empty(), 1);
    Decision d = decide(model, step("web-03 again, reworded", List.of("first report about web-03"), List.of()));
    assertThat(d).isEqualTo(Decision.skip("investigate host=web-03", Decision.Recognition.WINDOW));
  }

  @Test
  void should_read_each_observation_once_while_its_window_shows_it() {
    List<String> read = new ArrayList<>();
    SimulatedModel model = new SimulatedModel(new SimulatedModel.Parameters(1, 0, 0), text -> {
      read.add(text);
      return Optional.of("line " + text);
    }, 1);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      texts.add(new String("alert " + i)); // each observation its own text, as a workload makes them
    }
    for (int i = 0; i < texts.size(); i++) { // a window of the last four observations, as the agent's
      decide(model, step(texts.get(i), texts.subList(Math.max(0, i - 4), i), List.of()));
    }
    assertThat(read).as("every observation read once, though windows showed most of them four times")
        .containsExactlyElementsOf(texts);
    assertThat(decide(model, step(texts.get(5), texts.subList(1, 5), List.of()))).as("a repeat of the same text")
        .isEqualTo(Decision.act("line alert 5"));
  }

  @Test
  void should_decide_the_same_for_the_same_seed_and_draw_alike_whatever_it_sees() {
    SimulatedModel a = new SimulatedModel(new SimulatedModel.Parameters(0.5, 0.5, 0.1), Optional::of, 42);
    SimulatedModel b = new SimulatedModel(new SimulatedModel.Parameters(0.5, 0.5, 0.1), Optional::of, 42);
    List<Decision> fromA = new ArrayList<>();
    List<Decision> fromB = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      fromA.add(decide(a, step("x" + (i % 7), List.of("x" + (i % 5)), List.of("x" + (i % 3)))));
      // b sees other windows on odd steps; its draws must stay aligned with a's on the even ones
      List<String> window = i % 2 == 0 ? List.of("x" + (i % 5)) : List.of();
      fromB.add(decide(b, step("x" + (i % 7), window, List.of("x" + (i % 3)))));
    }
    for (int i = 0; i < 200; i += 2) {
      assertThat(fromB.get(i)).as("step " + i).isEqualTo(fromA.get(i));
    }
  }

  @Test
  void should_reject_rates_outside_zero_to_one_and_unknown_presets() {
    assertThatThrownBy(() -> new SimulatedModel.Parameters(1.2, 0, 0)).hasMessageContaining("pWindow must be in [0, 1]: 1.2");
    assertThatThrownBy(() -> new SimulatedModel.Parameters(0, -0.1, 0)).hasMessageContaining("pDump must be in [0, 1]: -0.1");
    assertThatThrownBy(() -> new SimulatedModel.Parameters(0, 0, Double.NaN)).hasMessageContaining("falseSkipRate must be in [0, 1]: NaN");
    assertThatThrownBy(() -> SimulatedModelPreset.parse("gpt-9")).hasMessageContaining("'gpt-9'");
    assertThat(SimulatedModelPreset.parse("nano-sim")).isEqualTo(SimulatedModelPreset.NANO_SIM);
  }
}
