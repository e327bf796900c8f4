//===- FuncOps.cpp - tt.func, tt.call and tt.return -----------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::triton;

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs,
                   ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(
      builder, state, argAttrs, /*resultAttrs=*/{},
      getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = getCalleeAttr();
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee);
  if (!fn)
    return emitOpError() << "'" << callee.getValue()
                         << "' does not reference a tt.func in this module";
  FunctionType type = fn.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError() << "passes " << getNumOperands()
                         << " arguments to @" << callee.getValue()
                         << ", which takes " << type.getNumInputs();
  for (unsigned i = 0; i < type.getNumInputs(); ++i)
    if (getOperand(i).getType() != type.getInput(i))
      return emitOpError() << "argument " << i << " has type "
                           << getOperand(i).getType() << " but @"
                           << callee.getValue() << " expects "
                           << type.getInput(i);
  if (type.getNumResults() != getNumResults())
    return emitOpError() << "expects " << getNumResults()
                         << " results from @" << callee.getValue()
                         << ", which returns " << type.getNumResults();
  for (unsigned i = 0; i < type.getNumResults(); ++i)
    if (getResult(i).getType() != type.getResult(i))
      return emitOpError() << "result " << i << " has type "
                           << getResult(i).getType() << " but @"
                           << callee.getValue() << " returns "
                           << type.getResult(i);
  return success();
}

LogicalResult ReturnOp::verify() {
  auto fn = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = fn.getFunctionType().getResults();
  if (getNumOperands() != results.size())
    return emitOpError() << "returns " << getNumOperands()
                         << " values but @" << fn.getName() << " declares "
                         << results.size() << " results";
  for (unsigned i = 0; i < results.size(); ++i)
    if (getOperand(i).getType() != results[i])
      return emitOpError() << "returns " << getOperand(i).getType()
                           << " for result " << i << " but @" << fn.getName()
                           << " declares " << results[i];
  return success();
}
