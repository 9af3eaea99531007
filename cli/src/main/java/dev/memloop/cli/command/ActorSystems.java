package dev.memloop.cli.command;

import com.typesafe.config.Config;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** An actor system for the length of one command: created, used, and terminated whatever happens. */
public final class ActorSystems {

  public interface Body<T> {
    T run(ActorSystem<Void> system) throws Exception;
  }

  private ActorSystems() {}

  public static <T> T with(String name, Config config, Body<T> body) throws Exception {
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), name, config);
    try {
      return body.run(system);
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    }
  }
}
