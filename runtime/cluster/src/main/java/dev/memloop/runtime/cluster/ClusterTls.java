package dev.memloop.runtime.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;

/**
 * Artery over TLS with mutual authentication ({@code memloop node --tls-keystore --tls-truststore
 * --tls-password-file}): every node presents the certificate in its key store and accepts a peer only if the peer's
 * certificate is in its trust store (Pekko's {@code ConfigSSLEngineProvider}, TLS 1.3, {@code
 * require-mutual-authentication = on}). A process without a trusted certificate cannot complete a handshake, so it
 * can neither join nor send a node a message. The stores are opened here first, so that a missing file or a wrong
 * password is one line naming the flag, before anything binds.
 *
 * @param keyStore this node's key and certificate (PKCS#12 or JKS)
 * @param trustStore the certificates of the nodes it accepts (the cluster's, or the CA that signed them)
 * @param password the stores' and the key's password (never printed: {@link #toString()} leaves it out)
 */
public record ClusterTls(Path keyStore, Path trustStore, String password) {

  public ClusterTls {
    if (password == null || password.isEmpty()) {
      throw new IllegalArgumentException("--tls-password-file: the stores need a password");
    }
    int keys = open("--tls-keystore", keyStore, password, true);
    if (keys == 0) {
      throw new IllegalArgumentException("--tls-keystore " + keyStore + ": holds no private key (this node's key and "
          + "certificate belong there)");
    }
    if (open("--tls-truststore", trustStore, password, false) == 0) {
      throw new IllegalArgumentException("--tls-truststore " + trustStore + ": trusts no certificate (every peer "
          + "would be refused)");
    }
  }

  /**
   * Reads the password from the first line of {@code passwordFile} (a file, so that it is in no process list).
   *
   * @throws IllegalArgumentException naming the flag and file when one cannot be read or opened with it
   */
  public static ClusterTls of(Path keyStore, Path trustStore, Path passwordFile) {
    String password;
    try {
      password = Files.readAllLines(passwordFile, StandardCharsets.UTF_8).stream().findFirst().orElse("").strip();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("--tls-password-file " + passwordFile + ": cannot be read ("
          + e.getClass().getSimpleName() + ")", e);
    }
    return new ClusterTls(keyStore, trustStore, password);
  }

  /** {@code node} speaking TLS with mutual authentication through these stores. */
  public Config apply(Config node) {
    String engine = "pekko.remote.artery.ssl.config-ssl-engine.";
    return ConfigFactory.parseString("""
        pekko.remote.artery.transport = tls-tcp
        pekko.remote.artery.ssl.ssl-engine-provider = "org.apache.pekko.remote.artery.tcp.ConfigSSLEngineProvider"
        pekko.remote.artery.ssl.config-ssl-engine {
          protocol = "TLSv1.3"
          enabled-algorithms = ["TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256"]
          require-mutual-authentication = on
        }
        """)
        .withValue(engine + "key-store", ConfigValueFactory.fromAnyRef(keyStore.toAbsolutePath().toString()))
        .withValue(engine + "trust-store", ConfigValueFactory.fromAnyRef(trustStore.toAbsolutePath().toString()))
        .withValue(engine + "key-store-password", ConfigValueFactory.fromAnyRef(password))
        .withValue(engine + "key-password", ConfigValueFactory.fromAnyRef(password))
        .withValue(engine + "trust-store-password", ConfigValueFactory.fromAnyRef(password))
        .withFallback(node);
  }

  @Override
  public String toString() {
    return "ClusterTls[keyStore=" + keyStore + ", trustStore=" + trustStore + "]";
  }

  /** Opens a store and counts its private keys ({@code keys}) or its certificates. */
  private static int open(String flag, Path store, String password, boolean keys) {
    if (store == null || !Files.isReadable(store)) {
      throw new IllegalArgumentException(flag + " " + store + ": no such readable file");
    }
    KeyStore opened;
    try {
      opened = KeyStore.getInstance(store.toFile(), password.toCharArray());
    } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalArgumentException(flag + " " + store + ": does not open as a key store with the password in "
          + "--tls-password-file (" + e.getClass().getSimpleName() + ")", e);
    }
    int count = 0;
    try {
      for (String alias : Collections.list(opened.aliases())) {
        if (keys ? opened.isKeyEntry(alias) : opened.isCertificateEntry(alias) || opened.isKeyEntry(alias)) {
          count++;
        }
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(flag + " " + store + ": cannot be read (" + e.getMessage() + ")", e);
    }
    return count;
  }
}
