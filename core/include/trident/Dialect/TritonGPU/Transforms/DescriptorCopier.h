//===- DescriptorCopier.h - a target's bulk copies of descriptor blocks -*- C++ -*-===//
//
// A target with a tensor copy engine (NVIDIA's TMA from sm_90) loads a
// tensor descriptor's block into shared memory with one asynchronous bulk
// copy whose completion it signals on a barrier, instead of pointer
// arithmetic. Core's passes ask it, through a DescriptorCopier:
//
//  - triton-rewrite-tensor-descriptor-to-pointer leaves a kernel's
//    descriptor parameters alone when every descriptor of the module is a
//    parameter the copier takes (`takes`) used only by tt.descriptor_load
//    and tt.descriptor_store; the backend then lowers those ops (and
//    encodes the parameter as the launch's descriptor).
//  - tritongpu-schedule-loops / tritongpu-pipeline run such a load ahead
//    as the copier's copies into a ring of buffers in `bufferEncoding`
//    (a matrix unit reading the block transposed, `tl.dot(a, b.T)`, reads
//    the buffer through a ttg.memdesc_trans in `transposedEncoding`),
//    each slot with a completion signal (`createSignals`): at its stage
//    the copies of one slot (`issue`, all loads of one stage sharing the
//    slot's signal), at the reads a wait for the slot's phase (`wait`,
//    parity (iteration / slots) % 2), and after the loop `destroySignals`.
//    In the expanded loop's prologue and last iterations the copies of
//    iterations that do not exist are predicated off (`predicate`).
//
// The copier builds the target's own ops (ttng on NVIDIA); core sees only
// the values it returns.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_DESCRIPTORCOPIER_H
#define TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_DESCRIPTORCOPIER_H

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

#include <memory>

namespace mlir::triton::gpu {

class DescriptorCopier {
public:
  virtual ~DescriptorCopier() = default;

  /// Whether the copier can move blocks of descriptors of `type`.
  virtual bool takes(TensorDescType type) const = 0;
  /// The shared encoding the copies write a block of `type` in (the one
  /// the descriptor's block type carries in TTGIR).
  virtual Attribute bufferEncoding(TensorDescType type) const = 0;

  /// The encoding of a 2-D buffer in `encoding` read with its dimensions
  /// swapped (a ttg.memdesc_trans view: `b.T` of a loaded block fed to a
  /// matrix unit); null when there is none.
  virtual Attribute transposedEncoding(Attribute encoding) const = 0;

  /// Before a loop: the signals of `slots` buffers (one value holding them).
  virtual Value createSignals(OpBuilder &b, Location loc, int slots) const = 0;
  /// The copies of `loads` (their descriptors and indices) into `views`
  /// (buffers of their blocks), all signalling slot `slot` of `signals`,
  /// where `pred` (an i1) holds. Returns the ops it created, in order.
  virtual SmallVector<Operation *>
  issue(OpBuilder &b, Location loc, Value signals, Value slot,
        ArrayRef<DescriptorLoadOp> loads, ArrayRef<Value> views,
        Value pred) const = 0;
  /// Every thread waits for slot `slot`'s copies of phase parity `phase`
  /// (an i32, 0 or 1). Returns the ops it created.
  virtual SmallVector<Operation *> wait(OpBuilder &b, Location loc,
                                        Value signals, Value slot,
                                        Value phase) const = 0;
  /// After the loop, once no copy is in flight.
  virtual void destroySignals(OpBuilder &b, Location loc, Value signals,
                              int slots) const = 0;

  /// Whether `op` (one `issue` created) can be predicated.
  virtual bool predicable(Operation *op) const = 0;
  /// `op` made to act only where the i1 `pred` also holds; null when it is
  /// not the copier's.
  virtual Operation *predicate(RewriterBase &rw, Operation *op,
                               Value pred) const = 0;
};

using DescriptorCopierRef = std::shared_ptr<const DescriptorCopier>;

} // namespace mlir::triton::gpu

#endif // TRIDENT_DIALECT_TRITONGPU_TRANSFORMS_DESCRIPTORCOPIER_H
