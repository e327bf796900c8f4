//===- WarpGroupDotToLLVM.h - ttng ops to wgmma and fences ------*- C++ -*-===//
//
// The NVIDIA lowering's patterns for the ttng dialect: warp_group_dot as
// wgmma.mma_async over shared-memory matrix descriptors, its wait as
// wgmma.wait_group, fence_async_shared as fence.proxy.async.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_NVIDIA_TOLLVM_WARPGROUPDOTTOLLVM_H
#define TRIDENT_BACKENDS_NVIDIA_TOLLVM_WARPGROUPDOTTOLLVM_H

#include "trident/Conversion/TritonGPUToLLVM/Lowering.h"

namespace trident::nvidia {

void populateWarpGroupDotPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  mlir::RewritePatternSet &patterns,
                                  const TargetInfo &target);

} // namespace trident::nvidia

#endif // TRIDENT_BACKENDS_NVIDIA_TOLLVM_WARPGROUPDOTTOLLVM_H
