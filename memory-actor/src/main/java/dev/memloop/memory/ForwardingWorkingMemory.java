package dev.memloop.memory;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link WorkingMemory} that hands every call to another: a wrapper overrides only what it changes (a read-only
 * view refuses the writes, an audited memory records them). The reads' shorthands are forwarded too, so that the
 * delegate's faster answers (an allocation-free miss of {@code match}) are kept.
 *
 * <p>As thread-safe as its delegate.
 */
public abstract class ForwardingWorkingMemory implements WorkingMemory {

  protected ForwardingWorkingMemory() {}

  /** The memory every call goes to. */
  protected abstract WorkingMemory delegate();

  @Override
  public int dimension() {
    return delegate().dimension();
  }

  @Override
  public String add(String text) {
    return delegate().add(text);
  }

  @Override
  public String add(String text, Map<String, ?> metadata) {
    return delegate().add(text, metadata);
  }

  @Override
  public List<String> addAll(List<String> texts) {
    return delegate().addAll(texts);
  }

  @Override
  public String addVector(float[] vector, String text, Map<String, ?> metadata) {
    return delegate().addVector(vector, text, metadata);
  }

  @Override
  public String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
    return delegate().addVector(id, vector, text, metadata);
  }

  @Override
  public List<Recall> search(MemoryQuery query) {
    return delegate().search(query);
  }

  @Override
  public List<Recall> recall(String query, int k) {
    return delegate().recall(query, k);
  }

  @Override
  public List<Recall> recall(String query, int k, MetadataFilter filter) {
    return delegate().recall(query, k, filter);
  }

  @Override
  public List<Recall> recallVector(float[] query, int k) {
    return delegate().recallVector(query, k);
  }

  @Override
  public List<Recall> recallVector(float[] query, int k, MetadataFilter filter) {
    return delegate().recallVector(query, k, filter);
  }

  @Override
  public Optional<Recall> match(String text, double threshold) {
    return delegate().match(text, threshold);
  }

  @Override
  public Optional<Recall> matchVector(float[] query, double threshold) {
    return delegate().matchVector(query, threshold);
  }

  @Override
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
    return delegate().matchVector(query, threshold, kind);
  }

  @Override
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
    return delegate().matchVector(query, threshold, kind, identity);
  }

  @Override
  public boolean seen(String text, double threshold) {
    return delegate().seen(text, threshold);
  }

  @Override
  public Optional<float[]> vector(String id) {
    return delegate().vector(id);
  }

  @Override
  public List<MemoryItem> items() {
    return delegate().items();
  }

  @Override
  public boolean remove(String id) {
    return delegate().remove(id);
  }

  @Override
  public int removeAll(MetadataFilter filter) {
    return delegate().removeAll(filter);
  }

  @Override
  public void clear() {
    delegate().clear();
  }

  @Override
  public int size() {
    return delegate().size();
  }

  @Override
  public boolean answersHybrid() {
    return delegate().answersHybrid();
  }

  @Override
  public String write(MemoryWrite write) {
    return delegate().write(write);
  }

  @Override
  public Optional<MemoryItem> item(String id) {
    return delegate().item(id);
  }

  @Override
  public boolean supersedes() {
    return delegate().supersedes();
  }

  @Override
  public List<MemoryVersion> history(String subject) {
    return delegate().history(subject);
  }

  @Override
  public int removeSubject(String subject) {
    return delegate().removeSubject(subject);
  }

  @Override
  public int purgeExpired() {
    return delegate().purgeExpired();
  }

  @Override
  public MemoryTimings timings() {
    return delegate().timings();
  }

  @Override
  public MemoryStats stats() {
    return delegate().stats();
  }

  @Override
  public boolean isClosed() {
    return delegate().isClosed();
  }

  @Override
  public void close() {
    delegate().close();
  }
}
