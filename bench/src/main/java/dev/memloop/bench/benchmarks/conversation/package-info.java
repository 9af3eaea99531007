/**
 * Memory on public benchmarks of long conversations, LoCoMo and LongMemEval, in their published formats: retrieval
 * quality (hit@k, recall@k, MRR) beside recall latency, per embedder and recall method (vector, BM25, fused). The
 * datasets are read from a path the user gives; none is shipped.
 */
package dev.memloop.bench.benchmarks.conversation;
