// CUDA kernels for the runtime's GPU test, built with nvcc (until the NVIDIA
// backend produces cubins). extern "C" keeps their names unmangled; their
// parameters are what the bundle metadata says.

extern "C" __global__ void add_kernel(const float *x, const float *y,
                                      float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = x[i] + y[i];
}

// Uses all of the dynamic shared memory it is launched with (more than the
// 48 KiB available without the opt-in): each block reverses its slice of
// `in` through shared memory, so the output is right only if every byte of
// shared memory worked.
extern "C" __global__ void smem_reverse(const int *in, int *out, int words) {
  extern __shared__ int buffer[];
  const int *src = in + blockIdx.x * words;
  int *dst = out + blockIdx.x * words;
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    buffer[i] = src[i];
  __syncthreads();
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    dst[i] = buffer[words - 1 - i];
}

// The launch-overhead benchmark's kernel: does nothing.
extern "C" __global__ void empty_kernel(float *p, int n) {}

// Each block writes its rank inside its cluster: a launch with clusters of
// two blocks gives 0, 1, 0, 1, ... (cluster special registers are sm_90+).
extern "C" __global__ void cluster_rank(int *out) {
#if __CUDA_ARCH__ >= 900
  unsigned rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  if (threadIdx.x == 0)
    out[blockIdx.x] = int(rank);
#endif
}

// A kernel that requires "scratch": the runtime passes global scratch (8
// bytes per block, 128-byte aligned) and profile scratch (NULL) after
// `out`. Each block writes and reads back its own slot.
extern "C" __global__ void scratch_kernel(long long *out, long long *scratch,
                                          void *profile) {
  if (threadIdx.x)
    return;
  unsigned b = blockIdx.x;
  if (!scratch || profile) {
    out[b] = -1;
    return;
  }
  scratch[b] = b * 3 + 1;
  __threadfence_block();
  out[b] = scratch[b] == (long long)(b * 3 + 1) &&
                   (reinterpret_cast<unsigned long long>(scratch) % 128) == 0
               ? (long long)b
               : -2;
}
