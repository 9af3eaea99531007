package dev.memloop.memory.embed;

/**
 * IEEE 754 half-precision conversion. Hand-written because {@code Float.float16ToFloat} and
 * {@code floatToFloat16} arrived in JDK 20 and memloop runs on 17; both directions round to nearest even
 * and handle subnormals, infinities and NaN.
 */
public final class Float16 {

  private Float16() {}

  /** The float a half-precision value's bits stand for (exact: every half is a float). */
  public static float toFloat(short bits) {
    int h = bits & 0xffff;
    int sign = (h & 0x8000) << 16;
    int exponent = (h >>> 10) & 0x1f;
    int mantissa = h & 0x3ff;
    if (exponent == 0x1f) { // infinity or NaN
      return Float.intBitsToFloat(sign | 0x7f800000 | (mantissa << 13));
    }
    if (exponent == 0) {
      if (mantissa == 0) {
        return Float.intBitsToFloat(sign);
      }
      float value = mantissa * 0x1p-24f; // subnormal: mantissa * 2^-24, exact in float
      return sign == 0 ? value : -value;
    }
    return Float.intBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
  }

  /** {@code value} rounded to the nearest half-precision value (ties to even), as its bits. */
  public static short fromFloat(float value) {
    int bits = Float.floatToRawIntBits(value);
    int sign = (bits >>> 16) & 0x8000;
    int exponent = (bits >>> 23) & 0xff;
    int mantissa = bits & 0x7fffff;
    if (exponent == 0xff) { // infinity or NaN (keep NaN quiet and non-zero)
      return (short) (sign | 0x7c00 | (mantissa != 0 ? 0x200 | (mantissa >>> 13) : 0));
    }
    int halfExponent = exponent - 112;
    if (halfExponent >= 0x1f) { // overflow
      return (short) (sign | 0x7c00);
    }
    if (halfExponent <= 0) { // subnormal or zero in half precision
      if (halfExponent < -10) {
        return (short) sign;
      }
      int full = mantissa | 0x800000;
      int shift = 14 - halfExponent;
      int half = full >>> shift;
      int rest = full & ((1 << shift) - 1);
      int halfway = 1 << (shift - 1);
      if (rest > halfway || (rest == halfway && (half & 1) != 0)) {
        half++;
      }
      return (short) (sign | half);
    }
    int half = (halfExponent << 10) | (mantissa >>> 13);
    int rest = mantissa & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (half & 1) != 0)) {
      half++; // may carry into the exponent, which is the correct rounding to the next binade
    }
    return (short) (sign | half);
  }
}
