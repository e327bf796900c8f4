"""Vector addition, written as Triton's first tutorial writes it: one
program adds BLOCK_SIZE elements, masked at the end of the vectors.

Compile it for the host CPU and run it with Trident (scripts/run-example.sh):
    tridentc vector_add.py --kernel add_kernel \
        --signature '*fp32:16, *fp32:16, *fp32:16, i32, 256' --target cpu -o add.bundle
"""
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor):
    output = torch.empty_like(x)
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=256)
    return output


if __name__ == "__main__":
    x = torch.rand(98432, device="cuda")
    y = torch.rand(98432, device="cuda")
    print(torch.max(torch.abs(add(x, y) - (x + y))))
