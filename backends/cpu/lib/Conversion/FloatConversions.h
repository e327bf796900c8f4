//===- FloatConversions.h - fp8 and rounding-mode conversions ---*- C++ -*-===//
//
// The host has no 8-bit floats and no per-instruction rounding modes. The
// cpu backend stores every fp8 type as i8 and converts with integer and f32
// arithmetic, with Triton's semantics: to fp8, round to nearest even (or
// toward zero) and saturate to the largest finite value, NaN stays NaN;
// from fp8, exactly, through a 256-entry table. Truncations toward zero of
// standard floats (`fp_downcast_rounding="rtz"`) round to nearest and step
// back one ulp when that rounded away from zero.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_BACKENDS_CPU_FLOATCONVERSIONS_H
#define TRIDENT_BACKENDS_CPU_FLOATCONVERSIONS_H

#include "mlir/IR/Builders.h"

namespace trident::cpu {

/// Whether `t` is an 8-bit float type (stored as i8 by the cpu backend).
bool isFp8(mlir::Type t);

/// The decoding table of `fp8`: a `tensor<256xf32>` constant, value of
/// every byte. Build it once, outside loops, and pass it to decodeFp8.
mlir::Value fp8Table(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::FloatType fp8);

/// The f32 value of the fp8 byte `byte` (an i8 scalar): exact.
mlir::Value decodeFp8(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value table, mlir::Value byte);

/// The fp8 byte (i8) nearest to the f32 scalar `x`, as Triton converts on
/// NVIDIA GPUs (cvt.rn.satfinite): ties to even, magnitudes above the
/// largest finite value (infinities included) saturate to it, NaN becomes
/// 0x7f (0x80 in the FNUZ formats). Toward zero (`towardZero`), finite
/// magnitudes saturate the same way and infinities stay infinite where the
/// format has them.
mlir::Value encodeFp8(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::FloatType fp8, mlir::Value x, bool towardZero);

/// The standard float scalar `x` truncated toward zero to `to`.
mlir::Value truncTowardZero(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::FloatType to, mlir::Value x);

/// Applies `scalar` element by element: a `linalg.generic` over same-shaped
/// tensor inputs (scalar inputs are captured), or a direct call when every
/// input is a scalar. Returns a tensor of `resultElem` or a scalar.
mlir::Value mapElementwise(
    mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange inputs,
    mlir::Type resultElem,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::ValueRange)>
        scalar);

} // namespace trident::cpu

#endif // TRIDENT_BACKENDS_CPU_FLOATCONVERSIONS_H
