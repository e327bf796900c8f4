/* What the fake libcuda's cuTensorMapEncodeTiled (fake_cuda.c) writes into
 * the 128 bytes of a CUtensorMap: the arguments it was called with, which
 * the fake kernel echoes back and cuda_tma_test.cpp reads. C and C++. */
#ifndef TRIDENT_RUNTIME_TEST_FAKE_CUDA_H
#define TRIDENT_RUNTIME_TEST_FAKE_CUDA_H

#include <stdint.h>

#define FAKE_TENSOR_MAP_MAGIC 0x544d4150u /* "TMAP" */

struct FakeTensorMap {
  uint32_t magic;
  uint8_t type, rank, interleave, swizzle, l2, fill, elementStridesOne, pad;
  uint64_t base;
  uint32_t dims[5]; /* innermost first, as passed */
  uint32_t pad2;
  uint64_t strides[4]; /* bytes, innermost first, the innermost left out */
  uint32_t box[5];
};

#endif /* TRIDENT_RUNTIME_TEST_FAKE_CUDA_H */
