package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Artery over TLS with mutual authentication: with the cluster's certificate a node joins; with another certificate,
 * or with none (plain TCP), a node's handshakes fail and it gives up at its join deadline, never a member. The
 * certificates are made here with the JDK's keytool.
 */
class ClusterTlsTest {

  static final String PASSWORD = "cluster-secret";

  @TempDir
  Path dir;

  final List<ActorSystem<Void>> nodes = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    ShardedAgentClusterTest.terminate(nodes);
  }

  @Test
  void should_admit_a_node_with_the_cluster_certificate_and_no_other() throws Exception {
    ClusterTls cluster = stores("cluster");
    ClusterTls stranger = stores("stranger");
    ActorSystem<Void> first = node(cluster.apply(ClusterNodes.config("127.0.0.1", 0, List.of(), List.of("agents"),
        ConfigFactory.load())));
    Cluster.get(first).manager().tell(org.apache.pekko.cluster.typed.Join.create(
        Cluster.get(first).selfMember().address()));
    await().atMost(Duration.ofSeconds(60)).until(() -> ClusterNodes.upMembers(first, "") == 1);
    String seed = "127.0.0.1:" + Cluster.get(first).selfMember().address().getPort().get();

    ActorSystem<Void> second = node(cluster.apply(joining(seed)));
    await().atMost(Duration.ofSeconds(60)).until(() -> ClusterNodes.upMembers(first, "") == 2);

    // it trusts the cluster's certificate, so only the cluster's check of its certificate (mutual) can refuse it
    ActorSystem<Void> wrongCertificate = node(new ClusterTls(stranger.keyStore(), cluster.trustStore(), PASSWORD)
        .apply(joining(seed)));
    ActorSystem<Void> plainTcp = node(joining(seed));
    for (ActorSystem<Void> refused : List.of(wrongCertificate, plainTcp)) {
      // Pekko ends a node that could not join by its deadline: the event this waits for, not a time
      refused.getWhenTerminated().toCompletableFuture().get(2, TimeUnit.MINUTES);
    }
    assertThat(ClusterNodes.upMembers(first, "")).as("the two with the cluster's certificate, no other").isEqualTo(2);
    assertThat(Cluster.get(first).state().getMembers()).extracting(member -> member.address().getPort().get())
        .containsExactlyInAnyOrder(Cluster.get(first).selfMember().address().getPort().get(),
            Cluster.get(second).selfMember().address().getPort().get());
    assertThat(ClusterNodes.upMembers(second, "")).isEqualTo(2);
  }

  @Test
  void should_refuse_a_missing_store_a_wrong_password_and_an_empty_trust_store_by_flag() throws Exception {
    ClusterTls good = stores("good");
    assertThatThrownBy(() -> new ClusterTls(dir.resolve("none.p12"), good.trustStore(), PASSWORD))
        .hasMessageStartingWith("--tls-keystore " + dir.resolve("none.p12") + ": no such readable file");
    assertThatThrownBy(() -> new ClusterTls(good.keyStore(), good.trustStore(), "wrong"))
        .hasMessageStartingWith("--tls-keystore ").hasMessageContaining("does not open as a key store with the "
            + "password in --tls-password-file");
    assertThatThrownBy(() -> new ClusterTls(good.trustStore(), good.trustStore(), PASSWORD))
        .as("a trust store given as the key store").hasMessageContaining("holds no private key");
    Path passwordFile = Files.writeString(dir.resolve("password"), PASSWORD + "\n");
    assertThat(ClusterTls.of(good.keyStore(), good.trustStore(), passwordFile).toString()).doesNotContain(PASSWORD);
    assertThatThrownBy(() -> ClusterTls.of(good.keyStore(), good.trustStore(), dir.resolve("no-password")))
        .hasMessageStartingWith("--tls-password-file ");
    Config config = good.apply(ConfigFactory.load());
    assertThat(config.getString("pekko.remote.artery.transport")).isEqualTo("tls-tcp");
    assertThat(config.getBoolean("pekko.remote.artery.ssl.config-ssl-engine.require-mutual-authentication")).isTrue();
  }

  Config joining(String seed) {
    return ClusterNodes.withJoinDeadline(ClusterNodes.config("127.0.0.1", 0, List.of(seed), List.of("agents"),
        ConfigFactory.load()), Duration.ofSeconds(5));
  }

  ActorSystem<Void> node(Config config) {
    ActorSystem<Void> node = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, config);
    nodes.add(node);
    return node;
  }

  /** A key store with a new self-signed certificate named {@code name}, and a trust store of that certificate alone. */
  ClusterTls stores(String name) throws Exception {
    Path keyStore = dir.resolve(name + "-key.p12");
    Path certificate = dir.resolve(name + ".cer");
    Path trustStore = dir.resolve(name + "-trust.p12");
    keytool("-genkeypair", "-alias", name, "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname",
        "CN=memloop-" + name, "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", PASSWORD,
        "-keypass", PASSWORD);
    keytool("-exportcert", "-alias", name, "-keystore", keyStore.toString(), "-storepass", PASSWORD, "-file",
        certificate.toString());
    keytool("-importcert", "-noprompt", "-alias", name, "-file", certificate.toString(), "-storetype", "PKCS12",
        "-keystore", trustStore.toString(), "-storepass", PASSWORD);
    return new ClusterTls(keyStore, trustStore, PASSWORD);
  }

  static void keytool(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
  }
}
