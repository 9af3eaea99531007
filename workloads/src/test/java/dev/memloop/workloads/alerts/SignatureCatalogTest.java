package dev.memloop.workloads.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A host is read from prose as a whole word: a known role, one dash, two to four digits. */
class SignatureCatalogTest {

  @Test
  void should_read_the_first_whole_word_host_and_nothing_that_only_looks_like_one() {
    assertEquals(Optional.of("db-02"), SignatureCatalog.hostIn("ALERT [high] on db-02, port scan"));
    assertEquals(Optional.of("mail-0042"), SignatureCatalog.hostIn("mail-0042 then web-03"));
    assertEquals(Optional.of("cache-117"), SignatureCatalog.hostIn("seen on (cache-117)."));
    assertEquals(Optional.empty(), SignatureCatalog.hostIn("web-1 web-12345 web-12-3 xweb-12 webx-12 -web-1 web- web"));
    assertEquals(Optional.of("auth-77"), SignatureCatalog.hostIn("web-12345 then auth-77"));
    assertEquals(Optional.empty(), SignatureCatalog.hostIn(""));
  }
}
