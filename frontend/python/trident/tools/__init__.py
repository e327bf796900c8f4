"""triton.tools for scripts: the host-side TensorDescriptor."""
