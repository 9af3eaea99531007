package dev.memloop.runtime.llm;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A {@link ScriptedChatServer} for each test, given to whichever method of the test asks for one as a parameter (a
 * {@code @BeforeEach} or the test itself; both get the same server) and closed when the test ends, so that no test
 * class starts or stops one by hand:
 *
 * <pre>{@code
 * @ExtendWith(ScriptedChatServerExtension.class)
 * class MyLlmTest {
 *   @Test
 *   void should_answer(ScriptedChatServer server) { server.text("hello"); ... }
 * }
 * }</pre>
 */
public final class ScriptedChatServerExtension implements ParameterResolver {

  private static final ExtensionContext.Namespace SERVERS =
      ExtensionContext.Namespace.create(ScriptedChatServerExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == ScriptedChatServer.class;
  }

  /**
   * The test's server: started by the first parameter that asks, and closed with the test's store when the test ends
   * (JUnit closes an {@link AutoCloseable} a store holds).
   */
  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getStore(SERVERS).computeIfAbsent(ScriptedChatServer.class, type -> start(),
        ScriptedChatServer.class);
  }

  private static ScriptedChatServer start() {
    try {
      return new ScriptedChatServer();
    } catch (IOException e) {
      throw new UncheckedIOException("the scripted chat server did not start", e);
    }
  }
}
