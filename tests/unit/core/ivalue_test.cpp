// Expected printed forms come from PyTorch 1.13: TorchScript's print()/str() for the C++ style
// (e.g. `1.`, `0.10000000000000001`, `{a: 1.5}`) and Python's repr() for repr().
#include "ember/core/ivalue.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <thread>

#include "ember/core/enum_type.h"
#include "ember/tensor/ops/factory.h"

namespace ember::jit {
namespace {

std::string torchStr(const IValue& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

TEST(IValueTest, InlineScalarsNeedNoAllocation) {
  static_assert(sizeof(IValue) == 16);
  IValue i(int64_t{7}), d(2.5), b(true), n;
  EXPECT_TRUE(i.isInt());
  EXPECT_EQ(i.toInt(), 7);
  EXPECT_EQ(d.toDouble(), 2.5);
  EXPECT_TRUE(b.toBool());
  EXPECT_TRUE(n.isNone());
  EXPECT_FALSE(i.isPtrType());
  IValue dev(Device(DeviceType::CUDA, 1));
  EXPECT_EQ(dev.toDevice(), Device(DeviceType::CUDA, 1));
  EXPECT_FALSE(dev.isPtrType());
}

TEST(IValueTest, WrongTagThrowsNamingBothTags) {
  IValue i(int64_t{1});
  try {
    i.toDouble();
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Expected Double but got Int");
  }
  EXPECT_THROW(IValue("s").toTensor(), Error);
  EXPECT_THROW(IValue().toList(), Error);
}

TEST(IValueTest, RefcountingAndMoves) {
  Tensor t = ember::empty({2}, kFloat);
  EXPECT_EQ(t.use_count(), 1u);
  {
    IValue v(t);
    EXPECT_EQ(t.use_count(), 2u);
    IValue copy = v;
    EXPECT_EQ(t.use_count(), 3u);
    Tensor moved = std::move(copy).toTensor();
    EXPECT_TRUE(copy.isNone());
    EXPECT_EQ(t.use_count(), 3u);
    EXPECT_TRUE(moved.is_same(t));
  }
  EXPECT_EQ(t.use_count(), 1u);
  IValue undefined{Tensor()};
  EXPECT_TRUE(undefined.isTensor());
  EXPECT_FALSE(undefined.toTensor().defined());
}

TEST(IValueTest, PythonEquality) {
  EXPECT_EQ(IValue(int64_t{1}), IValue(1.0));
  EXPECT_EQ(IValue(true), IValue(int64_t{1}));
  EXPECT_NE(IValue(int64_t{1}), IValue(1.5));
  EXPECT_NE(IValue(std::nan("")), IValue(std::nan("")));
  // 2**53 + 1 is not equal to the float 2**53 (Python compares exactly).
  EXPECT_NE(IValue(int64_t{9007199254740993}), IValue(9007199254740992.0));
  EXPECT_EQ(IValue(std::complex<double>(2, 0)), IValue(int64_t{2}));
  EXPECT_EQ(IValue("a"), IValue(std::string("a")));
  EXPECT_NE(IValue("a"), IValue(int64_t{1}));
  EXPECT_EQ(IValue(), IValue());
  EXPECT_EQ(makeIntList({1, 2}), makeList(FloatType::get(), {IValue(1.0), IValue(2.0)}));
  EXPECT_NE(makeIntList({1, 2}), makeIntList({1, 2, 3}));
  EXPECT_EQ(makeTuple({IValue(int64_t{1}), IValue("x")}), makeTuple({IValue(int64_t{1}), IValue("x")}));
  EXPECT_NE(makeTuple({IValue(int64_t{1})}), makeIntList({1}));
}

TEST(IValueTest, TensorEqualityIsAmbiguousForManyElements) {
  Tensor a = ember::empty({3}, kFloat);
  IValue v(a);
  try {
    (void)(v == IValue(ember::empty({3}, kFloat)));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Boolean value of Tensor with more than one value is ambiguous");
  }
  EXPECT_TRUE(v.is(IValue(a)));
  EXPECT_FALSE(v.is(IValue(ember::empty({3}, kFloat))));
  // Containers compare elements by identity first, as Python's list equality does.
  EXPECT_EQ(makeTensorList({a}), makeTensorList({a}));
}

TEST(IValueTest, DictKeepsInsertionOrderAndHashesTensorsByIdentity) {
  auto d = DictImpl::create(StringType::get(), IntType::get());
  d->insertOrAssign("b", int64_t{1});
  d->insertOrAssign("a", int64_t{2});
  d->insertOrAssign("c", int64_t{3});
  d->insertOrAssign("b", int64_t{4});  // overwrite keeps position
  EXPECT_EQ(torchStr(IValue(d)), "{b: 4, a: 2, c: 3}");
  EXPECT_EQ(IValue(d).repr(), "{'b': 4, 'a': 2, 'c': 3}");
  EXPECT_TRUE(d->erase("a"));
  EXPECT_FALSE(d->erase("a"));
  EXPECT_EQ(IValue(d).repr(), "{'b': 4, 'c': 3}");
  EXPECT_THROW(d->at("zz"), Error);
  for (int i = 0; i < 100; ++i) d->insertOrAssign(std::to_string(i), int64_t{i});
  for (int i = 0; i < 90; ++i) d->erase(std::to_string(i));
  EXPECT_EQ(d->size(), 12u);
  EXPECT_EQ(d->at("95").toInt(), 95);
  EXPECT_EQ(d->items().front().first.toStringRef(), "b");

  auto td = DictImpl::create(TensorType::get(), IntType::get());
  Tensor t1 = ember::empty({3}, kFloat), t2 = ember::empty({3}, kFloat);
  td->insertOrAssign(t1, int64_t{1});
  td->insertOrAssign(t2, int64_t{2});
  EXPECT_EQ(td->size(), 2u);
  EXPECT_EQ(td->at(t2).toInt(), 2);

  auto nd = DictImpl::create(FloatType::get(), IntType::get());
  nd->insertOrAssign(1.0, int64_t{1});
  EXPECT_TRUE(nd->contains(int64_t{1}));  // 1 == 1.0 and hash(1) == hash(1.0), as in Python
  EXPECT_THROW(DictImpl::Hash()(makeIntList({1})), Error);
}

TEST(IValueTest, TorchStylePrinting) {
  EXPECT_EQ(torchStr(IValue(1.0)), "1.");
  EXPECT_EQ(torchStr(IValue(0.1)), "0.10000000000000001");
  EXPECT_EQ(torchStr(IValue(1e-5)), "1.0000000000000001e-05");
  EXPECT_EQ(torchStr(IValue(1e16)), "10000000000000000.");
  EXPECT_EQ(torchStr(IValue(123456789012.0)), "123456789012.");
  EXPECT_EQ(torchStr(IValue(12345678901234567890.0)), "1.2345678901234567e+19");
  EXPECT_EQ(torchStr(IValue(1.0 / 3)), "0.33333333333333331");
  EXPECT_EQ(torchStr(IValue(5e-324)), "4.9406564584124654e-324");
  EXPECT_EQ(torchStr(IValue(-std::numeric_limits<double>::infinity())), "-inf");
  EXPECT_EQ(torchStr(IValue(std::nan(""))), "nan");
  EXPECT_EQ(torchStr(IValue(-0.0)), "0.");  // PyTorch 1.13: str(-0.0) and print(-0.0) show "0."
  EXPECT_EQ(torchStr(IValue(std::complex<double>(1, 2))), "1.+2.j");
  EXPECT_EQ(torchStr(makeDoubleList({1.0, 0.1})), "[1., 0.10000000000000001]");
  EXPECT_EQ(torchStr(makeTuple({IValue(int64_t{1})})), "(1,)");
  EXPECT_EQ(torchStr(makeTuple({})), "()");
  EXPECT_EQ(torchStr(makeTuple({IValue("x"), makeTuple({IValue(int64_t{1})}), makeBoolList({true, false}), IValue()})),
            "(x, (1,), [True, False], None)");
  EXPECT_EQ(torchStr(makeStringList({"q"})), "[q]");
  EXPECT_EQ(torchStr(IValue("s'q")), "s'q");
}

TEST(IValueTest, PythonRepr) {
  EXPECT_EQ(IValue(1.0).repr(), "1.0");
  EXPECT_EQ(IValue(0.1).repr(), "0.1");
  EXPECT_EQ(IValue(1e-5).repr(), "1e-05");
  EXPECT_EQ(IValue(0.0001).repr(), "0.0001");
  EXPECT_EQ(IValue(1e16).repr(), "1e+16");
  EXPECT_EQ(IValue(1e15).repr(), "1000000000000000.0");
  EXPECT_EQ(IValue(1.5e-7).repr(), "1.5e-07");
  EXPECT_EQ(IValue(123.456).repr(), "123.456");
  EXPECT_EQ(IValue(-2.5).repr(), "-2.5");
  EXPECT_EQ(IValue(-0.0).repr(), "-0.0");
  EXPECT_EQ(IValue(1e300).repr(), "1e+300");
  EXPECT_EQ(IValue(std::numeric_limits<double>::infinity()).repr(), "inf");
  EXPECT_EQ(IValue(std::nan("")).repr(), "nan");
  EXPECT_EQ(IValue(1.0 / 3).repr(), "0.3333333333333333");
  EXPECT_EQ(IValue("it's").repr(), "\"it's\"");
  EXPECT_EQ(IValue("a\"b'c").repr(), "'a\"b\\'c'");
  EXPECT_EQ(IValue("x\ny").repr(), "'x\\ny'");
  EXPECT_EQ(makeTuple({IValue(int64_t{1})}).repr(), "(1,)");
  EXPECT_EQ(makeIntList({1, 2}).repr(), "[1, 2]");
  EXPECT_EQ(IValue().repr(), "None");
  EXPECT_EQ(IValue(false).repr(), "False");
  EXPECT_EQ(IValue(std::complex<double>(1, 2)).repr(), "(1+2j)");
  EXPECT_EQ(IValue(std::complex<double>(0, 2)).repr(), "2j");
  EXPECT_EQ(IValue(std::complex<double>(1.5, -0.5)).repr(), "(1.5-0.5j)");
  EXPECT_EQ(IValue(Device()).repr(), "device(type='cpu')");
}

TEST(IValueTest, TypesOfValues) {
  EXPECT_EQ(IValue(int64_t{1}).type()->annotation_str(), "int");
  EXPECT_EQ(makeIntList({1}).type()->annotation_str(), "List[int]");
  EXPECT_EQ(makeTuple({IValue(1.0), IValue("s")}).type()->annotation_str(), "Tuple[float, str]");
  EXPECT_EQ(IValue(DictImpl::create(StringType::get(), TensorType::get())).type()->annotation_str(),
            "Dict[str, Tensor]");
  EXPECT_EQ(IValue(ember::empty({2, 3}, kFloat)).type()->irStr(),
            "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  auto nt = TupleType::createNamed("__torch__.P", {"x"}, {IntType::get()});
  EXPECT_EQ(IValue(TupleImpl::createNamed({IValue(int64_t{1})}, nt)).type()->annotation_str(), "__torch__.P");
}

TEST(IValueTest, ListAccessorsAndIndexing) {
  IValue l = makeIntList({1, 2, 3});
  EXPECT_TRUE(l.isIntList());
  EXPECT_FALSE(l.isDoubleList());
  EXPECT_EQ(l.toIntVector(), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(l.toListRef().at(-1).toInt(), 3);
  EXPECT_THROW(l.toListRef().at(3), Error);
  EXPECT_THROW(makeList(AnyType::get(), {IValue("x")}).toIntVector(), Error);
}

TEST(IValueTest, ObjectsAndEnums) {
  auto cls = ClassType::create("__torch__.Foo");
  cls->addAttribute("x", IntType::get());
  auto obj = ObjectImpl::create(cls);
  obj->setAttr("x", int64_t{5});
  EXPECT_EQ(obj->getAttr("x").toInt(), 5);
  EXPECT_THROW(obj->getAttr("y"), Error);
  IValue o(obj);
  EXPECT_TRUE(o.isObject());
  EXPECT_TRUE(o == IValue(obj));
  EXPECT_FALSE(o == IValue(ObjectImpl::create(cls)));

  auto color = EnumType::create("__torch__.Color", IntType::get(), {{"RED", int64_t{1}}, {"GREEN", int64_t{2}}});
  IValue red(EnumHolder::create(color, "RED"));
  EXPECT_EQ(torchStr(red), "Enum<Color.RED>");  // PyTorch: the class's unqualified name
  EXPECT_TRUE(red == IValue(EnumHolder::create(color, "RED")));
  EXPECT_FALSE(red == IValue(EnumHolder::create(color, "GREEN")));
  EXPECT_EQ(red.type()->annotation_str(), "__torch__.Color");
  EXPECT_EQ(color->str(), "Enum<__torch__.Color>");
  EXPECT_TRUE(color->isSubtypeOf(*AnyEnumType::get()));
  EXPECT_THROW(EnumHolder::create(color, "BLUE"), Error);
  EXPECT_THROW(EnumType::create("__torch__.E", IntType::get(), {{"A", IValue("s")}}), Error);
}

TEST(IValueTest, FutureCompletesAcrossThreads) {
  auto fut = FutureImpl::create(IntType::get());
  int called = 0;
  fut->addCallback([&](FutureImpl& f) { called = static_cast<int>(f.value().toInt()); });
  std::thread producer([&] { fut->markCompleted(int64_t{42}); });
  EXPECT_EQ(fut->wait().toInt(), 42);
  producer.join();
  EXPECT_EQ(called, 42);
  EXPECT_THROW(fut->markCompleted(int64_t{1}), Error);
  auto failed = FutureImpl::create(IntType::get());
  failed->setError(std::make_exception_ptr(Error("boom")));
  EXPECT_THROW(failed->wait(), Error);
  EXPECT_EQ(IValue(fut).type()->annotation_str(), "Future[int]");
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

TEST(IValueTest, TensorsPrintWithTheTensorRepr) {
  Tensor t = ember::zeros({2}, kFloat);
  EXPECT_EQ(IValue(t).repr(), "tensor([0., 0.])");  // repr(torch.zeros(2))
  EXPECT_EQ(makeTensorList({t}).repr(), "[tensor([0., 0.])]");
}

}  // namespace
}  // namespace ember::jit
