//===- HalfFloat.h - fp16 and bf16 conversions by bit manipulation -*- C++ -*-===//
//
// The 16-bit float formats to and from fp32, without compiler or hardware
// support: the runtime packs fp16/bf16 kernel arguments with them, and the
// conformance suite encodes inputs and decodes outputs with them. fp32 to
// fp16 and to bf16 round to nearest even; NaNs stay quiet NaNs; values
// beyond fp16's range become infinities, those below its subnormals zeros.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_HALFFLOAT_H
#define TRIDENT_HALFFLOAT_H

#include <cstdint>
#include <cstring>

namespace trident {

/// fp32 -> IEEE half, round to nearest even.
inline uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31)
    return uint16_t(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10)
      return uint16_t(sign);
    mant |= 0x800000;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | (uint32_t(exp) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
    ++half;
  return uint16_t(half);
}

/// IEEE half -> fp32 (exact).
inline float fromHalf(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f,
           mant = h & 0x3ff, x;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while (!(mant & 0x400));
      x = sign | (uint32_t(127 - 15 - e) << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000 | (mant << 13);
  } else {
    x = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

/// fp32 -> bfloat16, round to nearest even; NaNs stay quiet NaNs.
inline uint16_t toBF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return uint16_t((x >> 16) | 0x40);
  return uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

/// bfloat16 -> fp32 (exact).
inline float fromBF16(uint16_t b) {
  uint32_t x = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

} // namespace trident

#endif // TRIDENT_HALFFLOAT_H
