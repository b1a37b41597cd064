// FX nodes that compute a SymInt expression at run time: `aten.sym_size.int` of the placeholder
// a symbol comes from, combined with `operator.add`, `operator.mul`, ... Shared by the capture
// and the decompositions.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <utility>

#include "ember/export/fx_graph.h"

namespace ember::exporter {

// Where a symbol's value can be read: a tensor node and one of its dimensions.
using SymbolSource = std::function<std::pair<FxNode*, int64_t>(const std::string& symbol)>;

// A literal for constants, else a node computing `e` (nodes already made are reused via `cache`,
// keyed by the printed expression). New nodes get `e` as their val and `stackTrace`.
FxArg materializeSym(FxGraph& g, const SymExpr& e, const SymbolSource& source, std::map<std::string, FxArg>& cache,
                     const std::string& stackTrace = "");

}  // namespace ember::exporter
