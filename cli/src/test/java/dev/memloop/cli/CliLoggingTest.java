package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The CLI's logback.xml: a library's logged exception (a pool's broken connection while a database restarts, a
 * supervisor's restart) shows one line per cause, and its whole trace only with --verbose.
 */
class CliLoggingTest {

  @Test
  void should_log_one_frame_per_cause_and_the_whole_trace_when_verbose() throws Exception {
    String brief = logged("short");
    assertThat(brief).contains("RuntimeException: outer").contains("Caused by: java.io.IOException: inner");
    assertThat(brief.lines().filter(l -> l.startsWith("\tat ")).count()).as(brief).isEqualTo(2);
    String verbose = logged("full");
    assertThat(verbose.lines().filter(l -> l.startsWith("\tat ")).count()).as("the whole trace").isGreaterThan(10);
  }

  @Test
  void should_show_control_characters_from_a_peer_as_question_marks() throws Exception {
    String line = logged("short", "Illegal request-target: /\u001b[31mRED\u001b]0;title\u0007\u009b2J",
        new IllegalArgumentException("header \u001b[2J"));
    assertThat(line).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u009b")
        .contains("/?[31mRED?]0;title??2J").contains("header ?[2J");
    assertThat(line.lines().count()).as("line ends kept").isGreaterThan(1);
  }

  private static String logged(String depth) throws Exception {
    return logged(depth, "connection marked as broken", new RuntimeException("outer", new java.io.IOException("inner")));
  }

  /** Logs {@code message} and {@code failure} through a fresh context configured by the CLI's logback.xml. */
  private static String logged(String depth, String message, Throwable failure) throws Exception {
    URL config = Main.class.getClassLoader().getResource("logback.xml");
    assertThat(config).as("the CLI's logback.xml").isNotNull();
    LoggerContext context = new LoggerContext();
    context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter()); // a fresh context has none
    context.putProperty(Main.TRACE_PROPERTY, depth);
    JoranConfigurator configurator = new JoranConfigurator();
    configurator.setContext(context);
    configurator.doConfigure(config);
    ch.qos.logback.classic.Logger pool = context.getLogger("com.zaxxer.hikari.pool.ProxyConnection");
    @SuppressWarnings("unchecked")
    ConsoleAppender<ILoggingEvent> stderr =
        (ConsoleAppender<ILoggingEvent>) context.getLogger("ROOT").getAppender("STDERR");
    byte[] line = stderr.getEncoder().encode(new ch.qos.logback.classic.spi.LoggingEvent(
        CliLoggingTest.class.getName(), pool, ch.qos.logback.classic.Level.WARN, message, failure, null));
    context.stop();
    return new String(line, StandardCharsets.UTF_8);
  }
}
