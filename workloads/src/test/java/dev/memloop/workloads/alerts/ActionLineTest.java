package dev.memloop.workloads.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ActionLineTest {

  @Test
  void should_hand_out_one_instance_per_catalog_line_and_the_same_text_for_any_other() {
    String host = new String("web-03"); // as read from an alert: not the catalog's instance
    String line = ActionLine.of(host, "ssh-bruteforce");
    assertEquals("investigate host=web-03 sig=ssh-bruteforce", line);
    assertSame(line, ActionLine.of("web-03", new String("ssh-bruteforce")));
    assertEquals("investigate host=db-99 sig=ssh-bruteforce", ActionLine.of("db-99", "ssh-bruteforce"));
    assertEquals("investigate host=web-03 sig=no-such-signature", ActionLine.of("web-03", "no-such-signature"));
  }
}
