package dev.memloop.mcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * One process writes a data directory: an operating-system lock on {@code DIR/memloop.lock}, taken when the first
 * journal of the directory opens and held until the last one of this process closes, as SQLite locks its database
 * file. A second process is refused with the holder's pid (written into the lock file); a lock left by a process that
 * was killed is the operating system's to release, so the next process takes it over. Journals of one directory in
 * one process share its hold. Thread-safe.
 */
public final class DataDirectory {

  /** The lock file's name in a data directory. */
  public static final String LOCK_FILE = "memloop.lock";

  private static final Map<Path, Held> HELD = new HashMap<>();

  private DataDirectory() {}

  /** A directory another process writes. */
  public static final class InUseException extends IllegalStateException {
    InUseException(String message) {
      super(message);
    }
  }

  /** One journal's share of this process's hold on a directory. */
  public interface Hold {
    /** Gives the share back; the lock goes with the last one. Idempotent. */
    void release();
  }

  private static final class Held {
    final FileChannel channel;
    final FileLock lock;
    int holders;

    Held(FileChannel channel, FileLock lock) {
      this.channel = channel;
      this.lock = lock;
    }
  }

  /**
   * This process's hold on {@code dir}, made (and locked) if it has none.
   *
   * @throws InUseException naming the directory and the pid of the process that holds it
   * @throws UncheckedIOException when the directory or its lock file cannot be made
   */
  public static Hold hold(Path dir) {
    Path key;
    try {
      Files.createDirectories(dir);
      key = dir.toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException("the data directory " + dir + " cannot be made: " + e.getMessage(), e);
    }
    synchronized (HELD) {
      Held held = HELD.get(key);
      if (held == null) {
        held = lock(key);
        HELD.put(key, held);
      }
      held.holders++;
      Held mine = held;
      boolean[] released = {false};
      return () -> {
        synchronized (HELD) {
          if (released[0]) {
            return;
          }
          released[0] = true;
          if (--mine.holders == 0) {
            HELD.remove(key);
            try {
              mine.lock.release();
              mine.channel.close();
            } catch (IOException ignored) {
              // the process lets go of it when it exits in any case
            }
          }
        }
      };
    }
  }

  private static Held lock(Path dir) {
    Path file = dir.resolve(LOCK_FILE);
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException impossible) {
        lock = null; // held through another channel of this process: HELD would have had it
      }
      if (lock == null) {
        String holder = holder(channel);
        channel.close();
        throw new InUseException("the data directory " + dir + " is in use by " + (holder.isEmpty()
            ? "another process" : "process " + holder) + " (it holds " + file + "): stop it, or give this one another "
            + "directory");
      }
      channel.truncate(0);
      channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
      channel.force(false);
      return new Held(channel, lock);
    } catch (IOException e) {
      closeQuietly(channel);
      throw new UncheckedIOException("the data directory " + dir + " cannot be locked (" + file + "): "
          + e.getMessage(), e);
    }
  }

  /** The pid the holder wrote, or empty when it has not written it yet. */
  private static String holder(FileChannel channel) throws IOException {
    ByteBuffer bytes = ByteBuffer.allocate(32);
    channel.read(bytes, 0);
    return new String(bytes.array(), 0, bytes.position(), StandardCharsets.US_ASCII).strip();
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // already failing: the first error is the one reported
      }
    }
  }
}
