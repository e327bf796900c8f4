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
