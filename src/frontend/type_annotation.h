// Type annotations in source (`x: List[int]`, `-> Optional[Tensor]`, `# type:` comments, string
// forward references) evaluated to types, with class names resolved through the resolver.
#pragma once

#include <functional>
#include <string>

#include "ember/core/type.h"
#include "frontend/tree_views.h"

namespace ember::jit {

struct ParsedAnnotation {
  TypePtr type;
  bool isFinal = false;  // `Final[T]`
};

// Throws ErrorReport at the annotation when it is not a valid TorchScript type.
ParsedAnnotation parseAnnotation(const Expr& annotation, const TypeResolver& resolveName);
// The type alone; `Final[T]` is rejected ("Unknown type constructor Final"), as TorchScript
// accepts Final only on class attributes.
TypePtr parseTypeFromExpr(const Expr& annotation, const TypeResolver& resolveName);

}  // namespace ember::jit
