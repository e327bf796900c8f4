"""triton._C: the names of Triton's native module that scripts reach into
(libtriton.nvidia.cublas, in Triton's matmul tutorials)."""
