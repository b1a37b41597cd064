// Type unification at control-flow joins and type-variable matching for polymorphic schemas.
#include <sstream>

#include "ember/core/type.h"

namespace ember::jit {
namespace {

bool isNone(const TypePtr& t) { return t->isSubtypeOf(*NoneType::get()); }

std::optional<TypePtr> unifyTypesImpl(const TypePtr& t1, const TypePtr& t2, bool defaultToUnion,
                                      const TypePtr& typeHint) {
  if (t1->isSubtypeOf(*t2)) return t2;
  if (t2->isSubtypeOf(*t1)) return t1;

  if (t1->kind() == TypeKind::TensorType && t2->kind() == TypeKind::TensorType)
    return TypePtr(t1->expectRef<TensorType>().merge(t2->expectRef<TensorType>()));

  if (isNone(t1) && !isNone(t2)) return TypePtr(OptionalType::create(t2));
  if (isNone(t2) && !isNone(t1)) return TypePtr(OptionalType::create(t1));

  // unify(Optional[a], b) = Optional[unify(a, b)]
  if (auto o1 = t1->castRaw<OptionalType>()) {
    if (auto e = unifyTypes(o1->getElementType(), t2)) return TypePtr(OptionalType::create(*e));
  } else if (auto o2 = t2->castRaw<OptionalType>()) {
    if (auto e = unifyTypes(o2->getElementType(), t1)) return TypePtr(OptionalType::create(*e));
  }

  // Immutable containers unify elementwise.
  auto tup1 = t1->castRaw<TupleType>();
  auto tup2 = t2->castRaw<TupleType>();
  if (tup1 && tup2) {
    if (tup1->elements().size() != tup2->elements().size()) return std::nullopt;
    std::vector<TypePtr> elems;
    for (size_t i = 0; i < tup1->elements().size(); ++i) {
      auto e = unifyTypes(tup1->elements()[i], tup2->elements()[i], defaultToUnion);
      if (!e) return std::nullopt;
      elems.push_back(*e);
    }
    return TypePtr(TupleType::create(std::move(elems)));
  }
  auto f1 = t1->castRaw<FutureType>();
  auto f2 = t2->castRaw<FutureType>();
  if (f1 && f2) {
    if (auto e = unifyTypes(f1->getElementType(), f2->getElementType())) return TypePtr(FutureType::create(*e));
  }

  // Mutable containers (lists, dicts) only unify when equal up to tensor refinements.
  auto u1 = unshapedType(t1);
  auto u2 = unshapedType(t2);
  if (u1->isSubtypeOf(*u2)) return u2;
  if (u2->isSubtypeOf(*u1)) return u1;

  if (typeHint && t1->isSubtypeOf(*typeHint) && t2->isSubtypeOf(*typeHint)) return typeHint;
  return std::nullopt;
}

}  // namespace

std::optional<TypePtr> unifyTypes(const TypePtr& t1, const TypePtr& t2, bool defaultToUnion,
                                  const TypePtr& typeHint) {
  EMBER_CHECK(t1 && t2, "unifyTypes: null type");
  auto unified = unifyTypesImpl(t1, t2, defaultToUnion, typeHint);
  if (defaultToUnion && !unified) return UnionType::create({t1, t2});
  return unified;
}

std::optional<TypePtr> unifyTypeList(ArrayRef<TypePtr> types, std::ostream& why, bool defaultToUnion,
                                     const TypePtr& typeHint) {
  if (types.empty()) {
    why << "Cannot unify an empty list of types";
    return std::nullopt;
  }
  TypePtr result = types[0];
  for (size_t i = 1; i < types.size(); ++i) {
    auto u = unifyTypes(result, types[i], defaultToUnion, typeHint);
    if (!u) {
      why << "Could not unify type list since element " << i << " of type " << types[i]->repr_str()
          << " did not match the types before it (" << result->repr_str() << ")";
      return std::nullopt;
    }
    result = *u;
  }
  return result;
}

TypePtr unshapedType(const TypePtr& type) {
  if (type->kind() == TypeKind::TensorType) return TensorType::get();
  auto contained = type->containedTypes();
  if (contained.empty()) return type;
  std::vector<TypePtr> unshaped;
  bool changed = false;
  for (const auto& t : contained) {
    unshaped.push_back(unshapedType(t));
    changed |= unshaped.back() != t;
  }
  return changed ? type->createWithContained(std::move(unshaped)) : type;
}

MatchTypeReturn matchTypeVariables(const TypePtr& formal, const TypePtr& actual, TypeEnv& env) {
  auto fail = [](std::string s) { return MatchTypeReturn{std::move(s)}; };
  if (!formal->hasFreeVariables()) return {};
  if (auto vt = formal->castRaw<VarType>()) {
    auto it = env.find(vt->name());
    if (it == env.end()) {
      env[vt->name()] = actual;
      return {};
    }
    // unifyTypes allows subtyping either way; keeping the first binding is enough here.
    if (unifyTypes(it->second, actual)) return {};
    return fail("Type variable '" + vt->name() + "' previously matched to type " + it->second->repr_str() +
                " is matched to type " + actual->repr_str());
  }
  if (auto lf = formal->castRaw<ListType>()) {
    if (auto la = actual->castRaw<ListType>()) return matchTypeVariables(lf->getElementType(), la->getElementType(), env);
    if (auto ta = actual->castRaw<TupleType>()) {
      std::ostringstream ignored;
      if (auto u = unifyTypeList(ta->elements(), ignored)) return matchTypeVariables(lf->getElementType(), *u, env);
    }
    return fail("Cannot match " + lf->repr_str() + " to " + actual->repr_str());
  }
  if (auto tf = formal->castRaw<TupleType>()) {
    auto ta = actual->castRaw<TupleType>();
    if (!ta) return fail("Cannot match a tuple to " + actual->repr_str());
    if (tf->elements().size() != ta->elements().size()) return fail("Cannot match tuples of mismatched size");
    for (size_t i = 0; i < tf->elements().size(); ++i) {
      auto r = matchTypeVariables(tf->elements()[i], ta->elements()[i], env);
      if (!r.success()) return r;
    }
    return {};
  }
  if (auto ff = formal->castRaw<FutureType>()) {
    auto fa = actual->castRaw<FutureType>();
    if (!fa) return fail("Cannot match a future to " + actual->repr_str());
    return matchTypeVariables(ff->getElementType(), fa->getElementType(), env);
  }
  if (auto rf = formal->castRaw<RRefType>()) {
    auto ra = actual->castRaw<RRefType>();
    if (!ra) return fail("Cannot match a rref to " + actual->repr_str());
    return matchTypeVariables(rf->getElementType(), ra->getElementType(), env);
  }
  if (auto of = formal->castRaw<OptionalType>()) {
    if (auto oa = actual->castRaw<OptionalType>()) return matchTypeVariables(of->getElementType(), oa->getElementType(), env);
    // None matches Optional[T] without binding T; a later evaluation reports unbound variables.
    if (!isNone(actual)) return matchTypeVariables(of->getElementType(), actual, env);
    return {};
  }
  if (auto df = formal->castRaw<DictType>()) {
    auto da = actual->castRaw<DictType>();
    if (!da) return fail("Cannot match a dict to " + actual->repr_str());
    auto k = matchTypeVariables(df->getKeyType(), da->getKeyType(), env);
    if (!k.success()) return k;
    return matchTypeVariables(df->getValueType(), da->getValueType(), env);
  }
  return fail("Unhandled free variable container: " + formal->repr_str());
}

TypePtr tryEvalTypeVariables(const TypePtr& type, const TypeEnv& env) {
  if (!type->hasFreeVariables()) return type;
  if (auto vt = type->castRaw<VarType>()) {
    auto it = env.find(vt->name());
    return it == env.end() ? nullptr : it->second;
  }
  std::vector<TypePtr> contained;
  for (const auto& t : type->containedTypes()) {
    auto r = tryEvalTypeVariables(t, env);
    if (!r) return nullptr;
    contained.push_back(std::move(r));
  }
  return type->createWithContained(std::move(contained));
}

}  // namespace ember::jit
