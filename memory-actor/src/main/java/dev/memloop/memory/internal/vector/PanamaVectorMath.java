package dev.memloop.memory.internal.vector;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Kernels on {@code jdk.incubator.vector}. Loaded reflectively by {@link VectorMathProvider} only when the
 * module is present, so that nothing else in memloop links against the incubator API.
 *
 * <p>Species are {@code static final}: C2 intrinsifies vector operations only when the species is a
 * constant (a non-final species field made the same loops ~10x slower on JDK 17 here).
 *
 * <p>Over 300 lines: kernels are exempt (one unrolled loop per operation, as Lucene's and jvector's are).
 */
final class PanamaVectorMath implements VectorMathSupport {

  private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final int FLOAT_LANES = FLOATS.length();
  private static final int SHORT_LANES = SHORTS.length();
  private static final float ROUNDING_MAGIC = 0x1.8p23f;

  static final PanamaVectorMath INSTANCE = new PanamaVectorMath();

  private PanamaVectorMath() {}

  @Override
  public String name() {
    return "panama";
  }

  @Override
  public int int16Lanes() {
    return SHORT_LANES;
  }

  @Override
  public int padding() {
    return Math.max(FLOAT_LANES, SHORT_LANES);
  }

  @Override
  public boolean compressedScanPays() {
    // 16 int16 multiply-adds per instruction is where the halved memory traffic starts to win.
    return SHORTS.vectorBitSize() >= 256;
  }

  @Override
  public void dotRows(float[] query, float[] rows, int offset, int stride, int length, int count, float[] out) {
    // One query load feeds four rows; each row keeps its own accumulator in the order of a single row.
    int bound = FLOATS.loopBound(length);
    int r = 0;
    for (; r + 4 <= count; r += 4) {
      int o0 = offset + r * stride;
      int o1 = o0 + stride;
      int o2 = o1 + stride;
      int o3 = o2 + stride;
      FloatVector a0 = FloatVector.zero(FLOATS), a1 = a0, a2 = a0, a3 = a0;
      int i = 0;
      for (; i < bound; i += FLOAT_LANES) {
        FloatVector q = FloatVector.fromArray(FLOATS, query, i);
        a0 = FloatVector.fromArray(FLOATS, rows, o0 + i).fma(q, a0);
        a1 = FloatVector.fromArray(FLOATS, rows, o1 + i).fma(q, a1);
        a2 = FloatVector.fromArray(FLOATS, rows, o2 + i).fma(q, a2);
        a3 = FloatVector.fromArray(FLOATS, rows, o3 + i).fma(q, a3);
      }
      float s0 = a0.reduceLanes(VectorOperators.ADD), s1 = a1.reduceLanes(VectorOperators.ADD);
      float s2 = a2.reduceLanes(VectorOperators.ADD), s3 = a3.reduceLanes(VectorOperators.ADD);
      for (; i < length; i++) { // scalar tail
        float q = query[i];
        s0 = Math.fma(rows[o0 + i], q, s0);
        s1 = Math.fma(rows[o1 + i], q, s1);
        s2 = Math.fma(rows[o2 + i], q, s2);
        s3 = Math.fma(rows[o3 + i], q, s3);
      }
      out[r] = s0;
      out[r + 1] = s1;
      out[r + 2] = s2;
      out[r + 3] = s3;
    }
    for (; r < count; r++) {
      out[r] = dotRow(query, rows, offset + r * stride, length, bound);
    }
  }

  @Override
  public float dotRow(float[] query, float[] rows, int offset, int length) {
    return dotRow(query, rows, offset, length, FLOATS.loopBound(length));
  }

  @Override
  public void dotSelected(float[] query, float[] rows, int stride, int length, int[] ordinals, int n, float[] out) {
    int bound = FLOATS.loopBound(length);
    int j = 0;
    for (; j + 4 <= n; j += 4) {
      int o0 = ordinals[j] * stride;
      int o1 = ordinals[j + 1] * stride;
      int o2 = ordinals[j + 2] * stride;
      int o3 = ordinals[j + 3] * stride;
      FloatVector a0 = FloatVector.zero(FLOATS), a1 = a0, a2 = a0, a3 = a0;
      int i = 0;
      for (; i < bound; i += FLOAT_LANES) {
        FloatVector q = FloatVector.fromArray(FLOATS, query, i);
        a0 = FloatVector.fromArray(FLOATS, rows, o0 + i).fma(q, a0);
        a1 = FloatVector.fromArray(FLOATS, rows, o1 + i).fma(q, a1);
        a2 = FloatVector.fromArray(FLOATS, rows, o2 + i).fma(q, a2);
        a3 = FloatVector.fromArray(FLOATS, rows, o3 + i).fma(q, a3);
      }
      float s0 = a0.reduceLanes(VectorOperators.ADD), s1 = a1.reduceLanes(VectorOperators.ADD);
      float s2 = a2.reduceLanes(VectorOperators.ADD), s3 = a3.reduceLanes(VectorOperators.ADD);
      for (; i < length; i++) { // scalar tail
        float q = query[i];
        s0 = Math.fma(rows[o0 + i], q, s0);
        s1 = Math.fma(rows[o1 + i], q, s1);
        s2 = Math.fma(rows[o2 + i], q, s2);
        s3 = Math.fma(rows[o3 + i], q, s3);
      }
      out[j] = s0;
      out[j + 1] = s1;
      out[j + 2] = s2;
      out[j + 3] = s3;
    }
    for (; j < n; j++) {
      out[j] = dotRow(query, rows, ordinals[j] * stride, length, bound);
    }
  }

  /** One row in the same order as each row of a block of four. */
  private static float dotRow(float[] query, float[] rows, int offset, int length, int bound) {
    FloatVector acc = FloatVector.zero(FLOATS);
    int i = 0;
    for (; i < bound; i += FLOAT_LANES) {
      acc = FloatVector.fromArray(FLOATS, rows, offset + i).fma(FloatVector.fromArray(FLOATS, query, i), acc);
    }
    float sum = acc.reduceLanes(VectorOperators.ADD);
    for (; i < length; i++) {
      sum = Math.fma(rows[offset + i], query[i], sum);
    }
    return sum;
  }

  @Override
  public void int16Dots(short[] query, short[] codes, int stride, int rows, int[] out) {
    // int16 multiply + add wraps modulo 2^16; quantizeInt16's class-norm bound keeps each lane's true sum
    // inside 16 bits, so the wrapped lane sums are exact. Lane sums are then added in 32 bits:
    // reinterpreting as ints and sign-extending each half with shifts is much cheaper than
    // convertShape(S2I), which compiles to a chain of shuffles on JDK 17.
    int r = 0;
    for (; r + 4 <= rows; r += 4) {
      ShortVector a0 = ShortVector.zero(SHORTS), a1 = a0, a2 = a0, a3 = a0;
      int base = r * stride;
      for (int i = 0; i < stride; i += SHORT_LANES) {
        ShortVector q = ShortVector.fromArray(SHORTS, query, i);
        a0 = a0.add(ShortVector.fromArray(SHORTS, codes, base + i).mul(q));
        a1 = a1.add(ShortVector.fromArray(SHORTS, codes, base + stride + i).mul(q));
        a2 = a2.add(ShortVector.fromArray(SHORTS, codes, base + 2 * stride + i).mul(q));
        a3 = a3.add(ShortVector.fromArray(SHORTS, codes, base + 3 * stride + i).mul(q));
      }
      IntVector p0 = a0.reinterpretAsInts(), p1 = a1.reinterpretAsInts();
      IntVector p2 = a2.reinterpretAsInts(), p3 = a3.reinterpretAsInts();
      out[r] = p0.lanewise(VectorOperators.LSHL, 16).lanewise(VectorOperators.ASHR, 16)
          .add(p0.lanewise(VectorOperators.ASHR, 16)).reduceLanes(VectorOperators.ADD);
      out[r + 1] = p1.lanewise(VectorOperators.LSHL, 16).lanewise(VectorOperators.ASHR, 16)
          .add(p1.lanewise(VectorOperators.ASHR, 16)).reduceLanes(VectorOperators.ADD);
      out[r + 2] = p2.lanewise(VectorOperators.LSHL, 16).lanewise(VectorOperators.ASHR, 16)
          .add(p2.lanewise(VectorOperators.ASHR, 16)).reduceLanes(VectorOperators.ADD);
      out[r + 3] = p3.lanewise(VectorOperators.LSHL, 16).lanewise(VectorOperators.ASHR, 16)
          .add(p3.lanewise(VectorOperators.ASHR, 16)).reduceLanes(VectorOperators.ADD);
    }
    for (; r < rows; r++) {
      int sum = 0;
      for (int i = 0, base = r * stride; i < stride; i++) {
        sum += query[i] * codes[base + i];
      }
      out[r] = sum;
    }
  }

  @Override
  public int floatLanes() {
    return FLOAT_LANES;
  }

  @Override
  public void quantizeInt16(float[] source, int offset, int length, short[] target, int targetOffset,
      float[] stats, float[] scratch) {
    // Dimension i belongs to residue class i % SHORT_LANES. A short vector spans two float vectors, so
    // float chunks alternate between the lower and the upper half of the classes.
    FloatVector lowClasses = FloatVector.zero(FLOATS);
    FloatVector highClasses = FloatVector.zero(FLOATS);
    for (int i = 0; i < length; i += SHORT_LANES) {
      FloatVector x0 = FloatVector.fromArray(FLOATS, source, offset + i);
      FloatVector x1 = FloatVector.fromArray(FLOATS, source, offset + i + FLOAT_LANES);
      lowClasses = x0.fma(x0, lowClasses);
      highClasses = x1.fma(x1, highClasses);
    }
    double maxClassSq = Math.max(lowClasses.reduceLanes(VectorOperators.MAX),
        highClasses.reduceLanes(VectorOperators.MAX)) * (1 + 1e-6); // float sums: allow their rounding
    if (maxClassSq == 0) {
      Int16Quantizer.zero(target, targetOffset, length, stats);
      return;
    }
    double scale = Int16Quantizer.scale(maxClassSq, length / SHORT_LANES);
    float scaleF = (float) scale;
    float inverse = (float) (1.0 / scaleF);
    FloatVector up = FloatVector.broadcast(FLOATS, scaleF);
    FloatVector down = FloatVector.broadcast(FLOATS, inverse);
    FloatVector magic = FloatVector.broadcast(FLOATS, ROUNDING_MAGIC);
    FloatVector residualSq = FloatVector.zero(FLOATS);
    FloatVector normSq = FloatVector.zero(FLOATS);
    float[] rounded = scratch;
    for (int i = 0; i < length; i += FLOAT_LANES) {
      FloatVector x = FloatVector.fromArray(FLOATS, source, offset + i);
      // adding and subtracting 1.5 * 2^23 rounds to the nearest integer (|codes| <= 181 here)
      FloatVector code = x.fma(up, magic).sub(magic);
      code.intoArray(rounded, i);
      FloatVector restored = code.mul(down);
      FloatVector error = restored.sub(x);
      residualSq = error.fma(error, residualSq);
      normSq = restored.fma(restored, normSq);
    }
    for (int i = 0; i < length; i++) {
      target[targetOffset + i] = (short) rounded[i]; // no cheap float-to-short vector narrowing on JDK 17
    }
    Int16Quantizer.finish(inverse, residualSq.reduceLanes(VectorOperators.ADD),
        normSq.reduceLanes(VectorOperators.ADD), stats);
    assert Int16Quantizer.classNormsFit(target, targetOffset, length, SHORT_LANES);
  }

  @Override
  public void int16Bounds(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, float[] upper, float[] laneTopLower) {
    boundsAndCandidates(dots, invScale, residual, n, queryInvScale, queryHatNorm, slack, 0, 0f, upper, laneTopLower,
        null);
  }

  @Override
  public int int16Candidates(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, int k, float minScore, float[] upper, float[] laneTopLower,
      int[] candidates) {
    return boundsAndCandidates(dots, invScale, residual, n, queryInvScale, queryHatNorm, slack, k, minScore, upper,
        laneTopLower, candidates);
  }

  /** One kernel for both (see the interface on why kernels are kept too large to inline); k = 0: bounds only. */
  private static int boundsAndCandidates(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, int k, float minScore, float[] upper, float[] laneTopLower,
      int[] candidates) {
    FloatVector qScale = FloatVector.broadcast(FLOATS, queryInvScale);
    FloatVector qNorm = FloatVector.broadcast(FLOATS, queryHatNorm);
    FloatVector pad = FloatVector.broadcast(FLOATS, slack);
    FloatVector first = FloatVector.broadcast(FLOATS, Float.NEGATIVE_INFINITY);
    FloatVector second = first;
    int bound = FLOATS.loopBound(n);
    int r = 0;
    for (; r < bound; r += FLOAT_LANES) {
      FloatVector approx = ((FloatVector) IntVector.fromArray(INTS, dots, r).convert(VectorOperators.I2F, 0))
          .mul(FloatVector.fromArray(FLOATS, invScale, r)).mul(qScale);
      FloatVector err = FloatVector.fromArray(FLOATS, residual, r).fma(qNorm, pad);
      approx.add(err).intoArray(upper, r);
      FloatVector lower = approx.sub(err);
      // the two largest per lane, by compare + blend: max() honours NaN and -0 ordering at several times the cost
      VectorMask<Float> aboveFirst = lower.compare(VectorOperators.GT, first);
      VectorMask<Float> aboveSecond = lower.compare(VectorOperators.GT, second);
      second = second.blend(lower.blend(first, aboveFirst), aboveSecond);
      first = first.blend(lower, aboveFirst);
    }
    first.intoArray(laneTopLower, 0);
    second.intoArray(laneTopLower, FLOAT_LANES);
    for (; r < n; r++) { // scalar tail, same arithmetic as the lanes
      float approx = dots[r] * invScale[r] * queryInvScale;
      float err = Math.fma(residual[r], queryHatNorm, slack);
      upper[r] = approx + err;
      float lower = approx - err;
      int lane = r % FLOAT_LANES;
      if (lower > laneTopLower[lane]) {
        laneTopLower[FLOAT_LANES + lane] = laneTopLower[lane];
        laneTopLower[lane] = lower;
      } else if (lower > laneTopLower[FLOAT_LANES + lane]) {
        laneTopLower[FLOAT_LANES + lane] = lower;
      }
    }
    if (k == 0) {
      return 0;
    }
    float bar = Math.max(minScore, KthLargest.select(laneTopLower, 2 * FLOAT_LANES, k));
    FloatVector threshold = FloatVector.broadcast(FLOATS, bar);
    int count = 0;
    for (r = 0; r < bound; r += FLOAT_LANES) {
      VectorMask<Float> hits = FloatVector.fromArray(FLOATS, upper, r).compare(VectorOperators.GE, threshold);
      if (hits.anyTrue()) { // rare: most blocks hold no candidate (toLong() is slow on JDK 17)
        for (int lane = 0; lane < FLOAT_LANES; lane++) { // branch-free: which lanes hit is unpredictable
          candidates[count] = r + lane;
          count += upper[r + lane] >= bar ? 1 : 0;
        }
      }
    }
    for (; r < n; r++) {
      if (upper[r] >= bar) {
        candidates[count++] = r;
      }
    }
    return count;
  }
}
