// Garbled input for no_crash.py: a CUDA kernel instead of a Triton one.
#include <cuda_runtime.h>
__global__ void k(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { x[i] += 1.0f; }
}
