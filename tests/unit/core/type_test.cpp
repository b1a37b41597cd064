// Expected strings come from PyTorch 1.13 (Type.str() / annotation_str / unify_type_list /
// isSubtypeOf run through /usr/bin/python3).
#include "ember/core/type.h"

#include <gtest/gtest.h>

#include <sstream>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {
namespace {

TypePtr I() { return IntType::get(); }
TypePtr F() { return FloatType::get(); }
TypePtr S() { return StringType::get(); }
TypePtr T() { return TensorType::get(); }
TypePtr N() { return NoneType::get(); }
TypePtr Num() { return NumberType::get(); }
TypePtr L(TypePtr e) { return ListType::create(std::move(e)); }
TypePtr O(TypePtr e) { return OptionalType::create(std::move(e)); }
TypePtr Tup(std::vector<TypePtr> e) { return TupleType::create(std::move(e)); }
TypePtr U(std::vector<TypePtr> e) { return UnionType::create(std::move(e)); }

// A Float tensor type like TensorType.create_from_tensor(torch.zeros(sizes)).
TypePtr floatTensorType(std::vector<int64_t> sizes, ScalarType dtype = ScalarType::Float) {
  return TensorType::createContiguous(dtype, Device(), sizes)->withRequiresGrad(false);
}

struct Spelling {
  TypePtr type;
  const char* ir;
  const char* annotation;
};

TEST(TypeTest, PrintsLikePyTorch) {
  std::vector<Spelling> cases = {
      {L(I()), "int[]", "List[int]"},
      {O(T()), "Tensor?", "Optional[Tensor]"},
      {DictType::create(S(), T()), "Dict(str, Tensor)", "Dict[str, Tensor]"},
      {Tup({I(), F()}), "(int, float)", "Tuple[int, float]"},
      {Tup({}), "()", "Tuple[()]"},
      {Tup({I()}), "(int)", "Tuple[int]"},
      {FutureType::create(I()), "Future[int]", "Future[int]"},
      {U({I(), S()}), "Union(int, str)", "Union[int, str]"},
      {U({S(), I()}), "Union(int, str)", "Union[int, str]"},
      {U({I(), N()}), "int?", "Optional[int]"},
      {U({I(), N(), S()}), "Union(int, NoneType, str)", "Union[int, NoneType, str]"},
      {O(L(O(T()))), "Tensor?[]?", "Optional[List[Optional[Tensor]]]"},
      {Num(), "Scalar", "number"},
      {DeviceObjType::get(), "Device", "Device"},
      {AnyType::get(), "Any", "Any"},
      {ComplexType::get(), "complex", "complex"},
      {L(L(I())), "int[][]", "List[List[int]]"},
      {O(O(I())), "int?", "Optional[int]"},
      {U({F(), I(), Num()}), "Scalar", "number"},
      {U({L(I()), L(F())}), "Union(float[], int[])", "Union[List[float], List[int]]"},
      {U({BoolType::get(), N()}), "bool?", "Optional[bool]"},
      {StreamObjType::get(), "Stream", "Stream"},
      {U({S(), T(), L(I()), DictType::create(S(), I()), Tup({I()}), F()}),
       "Union(Tensor, (int), int[], Dict(str, int), float, str)",
       "Union[Tensor, Tuple[int], List[int], Dict[str, int], float, str]"},
      {U({I(), F(), ComplexType::get()}), "Union(Scalar)", "Union[number]"},
      {U({I(), F(), ComplexType::get(), S()}), "Union(, str, Scalar)", "Union[, str, number]"},
      {U({T(), I(), F(), ComplexType::get()}), "Union(TensorScalar)", "Union[Tensornumber]"},
      {U({Num(), N(), S()}), "Union(, NoneType, str, Scalar)", "Union[, NoneType, str, number]"},
      {U({N(), I(), F(), ComplexType::get()}), "Scalar?", "Optional[number]"},
      {U({I(), O(F())}), "Union(float, int, NoneType)", "Union[float, int, NoneType]"},
      {U({BoolType::get(), I()}), "Union(int, bool)", "Union[int, bool]"},
      {U({O(I()), O(S())}), "Union(int, NoneType, str)", "Union[int, NoneType, str]"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(c.type->irStr(), c.ir);
    EXPECT_EQ(c.type->annotation_str(), c.annotation);
  }
}

TEST(TypeTest, SchemaSpellingDiffersForFuturesAndTensors) {
  EXPECT_EQ(FutureType::create(I())->str(), "Future(int)");
  EXPECT_EQ(RRefType::create(I())->str(), "RRef(int)");
  EXPECT_EQ(floatTensorType({2, 3})->str(), "Tensor");
  EXPECT_EQ(L(floatTensorType({2, 3}))->str(), "Tensor[]");
}

TEST(TypeTest, TensorRefinementsPrintLikePyTorch) {
  EXPECT_EQ(floatTensorType({2, 3})->irStr(), "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ(floatTensorType({2, 3}, ScalarType::Long)->irStr(), "Long(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ(floatTensorType({})->irStr(), "Float(requires_grad=0, device=cpu)");
  EXPECT_EQ(floatTensorType({1, 2, 3, 4}, ScalarType::Half)->irStr(),
            "Half(1, 2, 3, 4, strides=[24, 12, 4, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ(floatTensorType({0, 3})->irStr(), "Float(0, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ(floatTensorType({2}, ScalarType::BFloat16)->irStr(), "BFloat16(2, strides=[1], requires_grad=0, device=cpu)");
  auto t = floatTensorType({2, 3})->expect<TensorType>();
  EXPECT_EQ(t->withSizesStrides(std::vector<std::optional<int64_t>>{std::nullopt, std::nullopt}, t->strides())->irStr(),
            "Float(*, *, strides=[3, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ(t->withSizesStrides(std::vector<std::optional<int64_t>>{2, std::nullopt}, t->strides())->irStr(),
            "Float(2, *, strides=[3, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ(t->withDim(std::nullopt)->irStr(), "FloatTensor(requires_grad=0, device=cpu)");
  EXPECT_EQ(O(t)->irStr(), "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)?");
  EXPECT_EQ(L(t)->irStr(), "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)[]");
  EXPECT_EQ(O(t)->annotation_str(), "Optional[Tensor]");
  EXPECT_EQ(T()->irStr(), "Tensor");
}

TEST(TypeTest, TensorTypeFromTensor) {
  Tensor x = ember::empty({2, 3}, kFloat);
  EXPECT_EQ(TensorType::fromTensor(x)->irStr(), "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  EXPECT_EQ(TensorType::fromTensor(Tensor())->irStr(), "Tensor[Undefined]");
}

TEST(TypeTest, SubtypingFollowsPyTorch) {
  auto ft = floatTensorType({2, 3});
  struct Case {
    TypePtr a, b;
    bool expected;
  };
  std::vector<Case> cases = {
      {I(), Num(), true}, {BoolType::get(), Num(), false}, {F(), Num(), true}, {ComplexType::get(), Num(), true},
      {N(), O(I()), true}, {I(), O(I()), true}, {ft, T(), true}, {T(), ft, false},
      {L(I()), L(Num()), false}, {L(I()), L(O(I())), false}, {Tup({I()}), Tup({Num()}), true},
      {Tup({I(), I()}), Tup({I()}), false}, {O(I()), U({I(), N(), S()}), true},
      {U({I(), S()}), U({I(), S(), F()}), true}, {U({I(), F()}), Num(), true}, {O(I()), O(Num()), true},
      {I(), AnyType::get(), true}, {L(ft), L(T()), false},
      {DictType::create(S(), I()), DictType::create(S(), Num()), false},
      {FutureType::create(I()), FutureType::create(Num()), true}, {I(), U({I(), S()}), true},
      {O(I()), I(), false}, {N(), U({I(), S()}), false}, {L(I()), AnyType::get(), true},
      {U({I(), S()}), AnyType::get(), true}, {O(I()), AnyType::get(), true}, {L(I()), AnyListType::get(), true},
  };
  for (const auto& c : cases)
    EXPECT_EQ(c.a->isSubtypeOf(*c.b), c.expected) << c.a->annotation_str() << " <: " << c.b->annotation_str();
}

TEST(TypeTest, NamedTuples) {
  auto p = TupleType::createNamed("__torch__.P", {"x", "y"}, {I(), L(F())});
  EXPECT_EQ(p->irStr(), "NamedTuple(x : int, y : float[])");
  EXPECT_EQ(p->annotation_str(), "__torch__.P");
  EXPECT_TRUE(p->isSubtypeOf(*Tup({I(), L(F())})));
  EXPECT_FALSE(Tup({I(), L(F())})->isSubtypeOf(*p));
  EXPECT_EQ(p->fieldIndex("y"), 1u);
  auto q = TupleType::createNamed("__torch__.Q", {"x", "z"}, {I(), L(F())});
  EXPECT_FALSE(p->isSubtypeOf(*q));
}

std::string unify(std::vector<TypePtr> types) {
  std::ostringstream why;
  auto r = unifyTypeList(types, why);
  return r ? (*r)->irStr() + " | " + (*r)->annotation_str() : "ERR " + why.str();
}

TEST(TypeTest, UnificationFollowsPyTorch) {
  auto ft = floatTensorType({2, 3});
  auto lt = floatTensorType({2, 3}, ScalarType::Long);
  auto f4 = floatTensorType({4});
  auto D = [](TypePtr k, TypePtr v) { return DictType::create(std::move(k), std::move(v)); };
  EXPECT_EQ(unify({ft, lt}), "Tensor(2, 3, strides=[3, 1], requires_grad=0, device=cpu) | Tensor");
  EXPECT_EQ(unify({ft, f4}), "FloatTensor(requires_grad=0, device=cpu) | Tensor");
  EXPECT_EQ(unify({I(), N()}), "int? | Optional[int]");
  EXPECT_EQ(unify({N(), I()}), "int? | Optional[int]");
  EXPECT_EQ(unify({I(), F()}),
            "ERR Could not unify type list since element 1 of type float did not match the types before it (int)");
  EXPECT_EQ(unify({O(I()), I()}), "int? | Optional[int]");
  EXPECT_EQ(unify({O(I()), N()}), "int? | Optional[int]");
  EXPECT_EQ(unify({L(I()), L(F())}),
            "ERR Could not unify type list since element 1 of type List[float] did not match the types before it "
            "(List[int])");
  EXPECT_EQ(unify({L(ft), L(lt)}), "Tensor[] | List[Tensor]");
  EXPECT_EQ(unify({Tup({I(), ft}), Tup({I(), lt})}),
            "(int, Tensor(2, 3, strides=[3, 1], requires_grad=0, device=cpu)) | Tuple[int, Tensor]");
  EXPECT_EQ(unify({I(), Num()}), "Scalar | number");
  EXPECT_EQ(unify({O(ft), lt}), "Tensor(2, 3, strides=[3, 1], requires_grad=0, device=cpu)? | Optional[Tensor]");
  EXPECT_EQ(unify({D(S(), ft), D(S(), lt)}), "Dict(str, Tensor) | Dict[str, Tensor]");
  EXPECT_EQ(unify({N(), N()}), "NoneType | NoneType");
  EXPECT_EQ(unify({Tup({I(), N()}), Tup({N(), S()})}), "(int?, str?) | Tuple[Optional[int], Optional[str]]");
  EXPECT_EQ(unify({FutureType::create(I()), FutureType::create(F())}),
            "ERR Could not unify type list since element 1 of type Future[float] did not match the types before it "
            "(Future[int])");
  auto u = unifyTypes(I(), S(), /*defaultToUnion=*/true);
  ASSERT_TRUE(u);
  EXPECT_EQ((*u)->annotation_str(), "Union[int, str]");
}

TEST(TypeTest, ParsesAnnotationsLikeTorchScript) {
  struct Case {
    const char* text;
    const char* annotation;
    const char* ir;
  };
  std::vector<Case> cases = {
      {"Tuple[()]", "Tuple[()]", "()"},
      {"number", "number", "Scalar"},
      {"Dict[str, List[Optional[Tensor]]]", "Dict[str, List[Optional[Tensor]]]", "Dict(str, Tensor?[])"},
      {"List[int]", "List[int]", "int[]"},
      {"Optional[int]", "Optional[int]", "int?"},
      {"Union[int, str]", "Union[int, str]", "Union(int, str)"},
      {"Any", "Any", "Any"},
      {"None", "NoneType", "NoneType"},
      {"torch.Tensor", "Tensor", "Tensor"},
      {"Future[int]", "Future[int]", "Future[int]"},
      {"torch.device", "Device", "Device"},
      {"Union[int]", "int", "int"},
      {"Optional[Optional[int]]", "Optional[int]", "int?"},
      {"Optional[Union[int, None]]", "Optional[int]", "int?"},
      {"Union[None, int]", "Optional[int]", "int?"},
      {"Union[int, Optional[str]]", "Union[int, NoneType, str]", "Union(int, NoneType, str)"},
      {"Dict[Tensor, int]", "Dict[Tensor, int]", "Dict(Tensor, int)"},
      {"Union[str, number]", "Union[, str, number]", "Union(, str, Scalar)"},
      {"List[number]", "List[number]", "Scalar[]"},
      {"RRef[int]", "RRef[int]", "RRef[int]"},
      {"list", "list", "list"},
      {"tuple", "tuple", "tuple"},
  };
  for (const auto& c : cases) {
    auto t = parseTypeAnnotation(c.text);
    EXPECT_EQ(t->annotation_str(), c.annotation) << c.text;
    EXPECT_EQ(t->irStr(), c.ir) << c.text;
  }
}

TEST(TypeTest, AnnotationErrors) {
  auto message = [](const char* text) {
    try {
      parseTypeAnnotation(text);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("List"), "Attempted to use List without a contained type. Please add a contained type, e.g. List[int]");
  EXPECT_EQ(message("Optional"),
            "Attempted to use Optional without a contained type. Please add a contained type, e.g. Optional[int]");
  EXPECT_NE(message("Tuple[int, ...]").find("not supported"), std::string::npos);
  EXPECT_EQ(message("Dict[List[int], int]"),
            "Cannot create dict for key type 'int[]', only int, float, complex, Tensor, device and string keys are "
            "supported");
  EXPECT_NE(message("Foo").find("Unknown type name 'Foo'"), std::string::npos);
  EXPECT_NE(message("List[int"), "no error");
  EXPECT_NE(message("Dict[int]"), "no error");
  EXPECT_NE(message("Optional[None]"), "no error");
  EXPECT_NE(message(""), "no error");
  std::string deep(5000, '[');
  EXPECT_NE(message(("List" + deep).c_str()), "no error");
}

TEST(TypeTest, ResolvesClassNamesThroughCallback) {
  auto cls = ClassType::create("__torch__.foo.Bar");
  auto resolver = [&](const std::string& name) -> TypePtr { return name == "__torch__.foo.Bar" ? cls : nullptr; };
  auto t = parseTypeAnnotation("List[__torch__.foo.Bar]", resolver);
  EXPECT_EQ(t->annotation_str(), "List[__torch__.foo.Bar]");
  EXPECT_TRUE(*t->containedTypes()[0] == *cls);
  EXPECT_THROW(parseTypeAnnotation("__torch__.foo.Baz", resolver), Error);
}

TEST(TypeTest, ClassAttributesAndFlags) {
  auto cls = ClassType::create("__torch__.M", /*isModule=*/true);
  EXPECT_EQ(cls->addAttribute("weight", T(), ClassAttribute::Kind::Parameter), 0u);
  EXPECT_EQ(cls->addAttribute("running", T(), ClassAttribute::Kind::Buffer), 1u);
  EXPECT_EQ(cls->addAttribute("n", I()), 2u);
  EXPECT_TRUE(cls->isParameter(0));
  EXPECT_TRUE(cls->isBuffer(1));
  EXPECT_FALSE(cls->isParameter(2));
  EXPECT_EQ(cls->getAttributeSlot("n"), 2u);
  EXPECT_THROW(cls->addAttribute("n", F()), Error);
  EXPECT_THROW(cls->addAttribute("p", I(), ClassAttribute::Kind::Parameter), Error);
  EXPECT_THROW(cls->getAttributeSlot("missing"), Error);
  EXPECT_EQ(cls->annotation_str(), "__torch__.M");
  EXPECT_EQ(cls->name(), "M");
  EXPECT_TRUE(cls->isSubtypeOf(*AnyClassType::get()));
  EXPECT_FALSE(cls->isSubtypeOf(*ClassType::create("__torch__.Other")));
}

TEST(TypeTest, TypeVariables) {
  TypeEnv env;
  auto t = VarType::create("t");
  EXPECT_TRUE(matchTypeVariables(L(t), L(I()), env).success());
  EXPECT_TRUE(*env.at("t") == *I());
  auto r = matchTypeVariables(t, S(), env);
  ASSERT_FALSE(r.success());
  EXPECT_EQ(*r.reason, "Type variable 't' previously matched to type int is matched to type str");
  EXPECT_EQ(tryEvalTypeVariables(DictType::create(S(), t), env)->annotation_str(), "Dict[str, int]");
  EXPECT_EQ(tryEvalTypeVariables(VarType::create("u"), env), nullptr);
  EXPECT_FALSE(matchTypeVariables(L(t), I(), env).success());
}

}  // namespace
}  // namespace ember::jit
