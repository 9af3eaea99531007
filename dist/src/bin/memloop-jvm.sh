# memloop's JVM, shared by the checkout's ./memloop and the distribution's bin/memloop (sourced, not run):
# find_java sets java_bin, feature (17, 21, 25...) and vm_version (java.vm.version) to a JDK >= 17, asking each
# candidate once (MEMLOOP_JAVA, when set, is the only candidate; else JAVA_HOME's, the PATH's, /usr/lib/jvm's); java_flags COMMAND FEATURE fills the array `flags` with the options memloop runs with.
# Extra JVM options go in MEMLOOP_JAVA_OPTS (for example MEMLOOP_JAVA_OPTS="-Xmx8g"); they win over these.

find_java() {
  local candidate settings candidates
  if [ -n "${MEMLOOP_JAVA:-}" ]; then # this java, and no other
    candidates=("$MEMLOOP_JAVA")
  else
    candidates=("${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(command -v java 2>/dev/null || true)" /usr/lib/jvm/*/bin/java)
  fi
  for candidate in "${candidates[@]}"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      settings="$("$candidate" -XshowSettings:properties -version 2>&1 || true)"
      feature="$(awk -F'= ' '/java.specification.version/ {print $2; exit}' <<< "$settings" | cut -d. -f1)"
      if [ "${feature:-0}" -ge 17 ] 2>/dev/null; then
        java_bin="$candidate"
        vm_version="$(awk -F'= ' '/java.vm.version/ {print $2; exit}' <<< "$settings")"
        return 0
      fi
    fi
  done
  if [ -n "${MEMLOOP_JAVA:-}" ]; then
    echo "memloop: MEMLOOP_JAVA=$MEMLOOP_JAVA is not a java of JDK 17 or newer (it says ${feature:-nothing}); memloop needs 17 or newer" >&2
  else
    echo "memloop: no JDK 17 or newer found (memloop needs 17 or newer); install one or set JAVA_HOME" >&2
  fi
  return 2
}

# java_flags COMMAND FEATURE: the options for running COMMAND on a JDK of FEATURE, into the array `flags`.
java_flags() {
  local command="$1" feature="$2" cpus fj_parallelism collector
  cpus="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"
  # The common ForkJoinPool defaults to cpus - 1 threads: 1 on two cores, which makes every CompletionStage
  # callback start a new thread. Never fewer than 2.
  fj_parallelism=$(( cpus > 3 ? cpus - 1 : 2 ))
  # the add-opens are lmdbjava's: Distributed Data's durable store (memloop node --data-dir) reads NIO buffers' internals
  # the JVM's own warnings and errors on standard error, never standard output (its default, where they would break
  # memloop mcp's protocol stream: JDK 25 reports there that a class-data archive and its base disagree on --add-modules)
  flags=(--add-modules jdk.incubator.vector -Xlog:disable -Xlog:all=warning:stderr
    "-Djava.util.concurrent.ForkJoinPool.common.parallelism=$fj_parallelism"
    --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED)
  # Collector and heap, chosen by measurement (docs/BENCHMARKS.md, "Fleets at every size"). The commands that hold
  # fleets of agents for their whole run get ZGC: its pauses stay under ~35 ms, so no stall spends a turn's 100 ms
  # budget, and per-step fleets of 20,000 and 100,000 agents executed 0 redundant actions, where G1 (up to 385 ms
  # stalls) let 1-3 through at 20,000 and 2-9 at 100,000, for 25-30% more steps/s at 100,000. Everything else (the
  # benchmarks, reproduce) stays on G1, for throughput and for figures comparable with earlier runs; the JVM would
  # pick Serial on a small machine or container, so say so. The heap may grow to 60% of the machine's memory (the
  # JVM's default is 25%: 6 GiB of 24, too few for 100,000 agents). Either choice yields to MEMLOOP_JAVA_OPTS.
  case "$command" in
    fleet | node | blackboard | cluster-demo) collector=-XX:+UseZGC ;;
    *) collector=-XX:+UseG1GC ;;
  esac
  if [ "$collector" = -XX:+UseZGC ] && [ "$feature" -ge 21 ] && [ "$feature" -lt 23 ]; then
    collector="$collector -XX:+ZGenerational" # generational from 21, the only mode from 23; 17 has the single one
  fi
  case " ${MEMLOOP_JAVA_OPTS:-} " in
    *" -XX:+Use"*"GC "*) ;;
    *) read -r -a chosen <<< "$collector"; flags+=("${chosen[@]}") ;;
  esac
  case " ${MEMLOOP_JAVA_OPTS:-} " in
    *" -Xmx"* | *"MaxRAMPercentage"* | *" -XX:MaxRAM="*) ;;
    *) flags+=(-XX:MaxRAMPercentage=60) ;;
  esac
  if [ "$feature" -ge 24 ]; then
    flags+=(--sun-misc-unsafe-memory-access=allow) # Pekko still uses sun.misc.Unsafe; 17 and 21 reject the flag
  fi
  # Compact object headers (a product feature from JDK 25) for the fleet commands, where they were measured: 8-byte
  # headers cut a fleet agent's live set from 13.4 to 12.4 KiB under ZGC, which has no compressed pointers
  # (docs/BENCHMARKS.md, "A fleet that shares what its agents remember"). Experimental in 24, absent before.
  if [ "$feature" -ge 25 ] && [ "$collector" != -XX:+UseG1GC ]; then
    case " ${MEMLOOP_JAVA_OPTS:-} " in
      *"CompactObjectHeaders"*) ;;
      *) flags+=(-XX:+UseCompactObjectHeaders) ;;
    esac
  fi
}
