// Symbols naming the symbol namespaces themselves (namespaces::aten), returned by Symbol::ns().
#pragma once

#include "ember/core/symbol.h"

#define EMBER_FORALL_NAMESPACE_SYMBOLS(_) \
  _(namespaces) _(prim) _(aten) _(cuda) _(onnx) _(attr) _(scope) _(user) _(_caffe2) _(dimname)

namespace ember::jit {
EMBER_DEFINE_SYMBOL_NAMESPACE(namespaces, 1, EMBER_FORALL_NAMESPACE_SYMBOLS)
}  // namespace ember::jit
