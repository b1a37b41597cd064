// Helpers shared by the graph printer and the IR parser: the textual forms PyTorch uses for
// attribute values inside `[...]`.
#pragma once

#include <ostream>
#include <string_view>

#include "ember/core/ivalue.h"

namespace ember::jit {

// A double as the IR prints it: integral values below 1e10 as `3.` / `-0.`, others with 17
// significant digits (`0.10000000000000001`, `1e+20`), and `inf`, `-inf`, `nan`.
void printIrDouble(std::ostream& out, double d);
// A string in double quotes with C escapes (\n, \t, \", \', \\, \xNN), as PyTorch prints it.
void printIrQuotedString(std::ostream& out, std::string_view s);
// A constant as it appears in `prim::Constant[value=...]`: tuples `(1, 2.5, "s")`, lists
// `[1, 2]`, strings quoted, doubles as printIrDouble.
void printIrIValue(std::ostream& out, const IValue& v);

}  // namespace ember::jit
