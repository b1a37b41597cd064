#include "passes/mutable_types.h"

namespace ember::jit {

bool isMutableType(const TypePtr& type) {
  switch (type->kind()) {
    case TypeKind::TensorType:
    case TypeKind::ListType:
    case TypeKind::AnyListType:
    case TypeKind::DictType:
    case TypeKind::ClassType:
    case TypeKind::AnyClassType:
    case TypeKind::InterfaceType:
    case TypeKind::FutureType:
    case TypeKind::RRefType:
    case TypeKind::AnyType:
    case TypeKind::StorageType:
    case TypeKind::CapsuleType:
    case TypeKind::PyObjectType:
    case TypeKind::VarType:
      return true;
    case TypeKind::TupleType:
    case TypeKind::OptionalType:
    case TypeKind::UnionType:
      for (const TypePtr& t : type->containedTypes())
        if (isMutableType(t)) return true;
      return false;
    default:
      return false;
  }
}

}  // namespace ember::jit
