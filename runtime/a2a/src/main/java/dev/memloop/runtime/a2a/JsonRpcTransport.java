package dev.memloop.runtime.a2a;

import io.a2a.server.TransportMetadata;
import io.a2a.spec.TransportProtocol;

/**
 * Tells the A2A SDK's card validator that this module serves the JSON-RPC transport ({@link A2aServer}'s HTTP
 * endpoint): the SDK finds transports through this service, which its own server modules (Quarkus, Jakarta) provide
 * and a server of one's own must provide too. Found by {@link java.util.ServiceLoader}, so public.
 */
public final class JsonRpcTransport implements TransportMetadata {

  @Override
  public String getTransportProtocol() {
    return TransportProtocol.JSONRPC.asString();
  }
}
