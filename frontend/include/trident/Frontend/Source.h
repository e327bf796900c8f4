//===- Source.h - the frontend's names for source files and diagnostics -*- C++ -*-===//
//
// Source files, positions and diagnostics are core's
// (trident/Diagnostics/Source.h), shared with the driver and any other
// frontend; the Python-syntax frontend names them in its own namespace.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_SOURCE_H
#define TRIDENT_FRONTEND_SOURCE_H

#include "trident/Diagnostics/Source.h"

namespace trident::frontend {
using trident::Diagnostic;
using trident::formatDiagnostic;
using trident::Severity;
using trident::SourceFile;
using trident::SourceLoc;
} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_SOURCE_H
