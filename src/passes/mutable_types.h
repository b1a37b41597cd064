// Which types hold mutable state that aliases can observe (alias analysis' "mutable types"):
// tensors, lists, dicts, objects, futures, Any, and tuples/optionals/unions containing one.
// Passes must not merge or invent values of these types: two equal lists are still two lists.
#pragma once

#include "ember/core/type.h"

namespace ember::jit {

bool isMutableType(const TypePtr& type);

}  // namespace ember::jit
