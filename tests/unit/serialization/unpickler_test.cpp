// Unpickler tests. The pickles are bytes Python 3's pickle module produced (protocol 2 and 4),
// pasted as hex with the Python value they encode; hostile inputs are hand-assembled.
#include "ember/serialization/unpickler.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ember/core/enum_type.h"
#include "ember/error.h"

namespace ember::jit {
namespace {

// Bytes of a literal, embedded NULs included.
template <size_t N>
std::string B(const char (&s)[N]) {
  return std::string(s, N - 1);
}

std::string unhex(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

IValue load(std::string_view hex, const UnpicklerOptions& options = {}) { return unpickle(unhex(hex), options); }

std::string errorOf(const std::string& bytes, const UnpicklerOptions& options = {}) {
  try {
    unpickle(bytes, options);
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

// {"a": [1, 2, 3], "b": (1.5, "x", None, True, False), "c": {"d": -7}}
constexpr const char* kNestedP2 =
    "80027d71002858010000006171015d7102284b014b024b0365580100000062710328473ff800000000000058010000007871044e888974"
    "710558010000006371067d710758010000006471084af9ffffff73752e";
constexpr const char* kNestedP4 =
    "8004953a000000000000007d94288c0161945d94284b014b024b03658c01629428473ff80000000000008c0178944e888974948c016394"
    "7d948c0164944af9ffffff73752e";

void expectNested(const IValue& v) {
  ASSERT_TRUE(v.isGenericDict());
  const DictImpl& d = v.toDictRef();
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d.keyType->repr_str(), "str");
  EXPECT_EQ(d.at(IValue("a")).toIntVector(), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(d.at(IValue("a")).toListRef().elementType->repr_str(), "int");
  const auto& t = d.at(IValue("b")).toTupleRef().elements;
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0].toDouble(), 1.5);
  EXPECT_EQ(t[1].toStringRef(), "x");
  EXPECT_TRUE(t[2].isNone());
  EXPECT_TRUE(t[3].toBool());
  EXPECT_FALSE(t[4].toBool());
  EXPECT_EQ(d.at(IValue("c")).toDictRef().at(IValue("d")).toInt(), -7);
  // Insertion order is Python's.
  auto items = d.items();
  EXPECT_EQ(items[0].first.toStringRef(), "a");
  EXPECT_EQ(items[2].first.toStringRef(), "c");
}

TEST(Unpickler, NestedContainersProtocol2And4) {
  expectNested(load(kNestedP2));
  expectNested(load(kNestedP4));
}

TEST(Unpickler, IntegerEncodings) {
  // [0, 255, 256, 65535, 65536, -1, -2**31, 2**31, 2**40, -2**40, 2**63-1, -2**63]
  IValue v = load(
      "80025d7100284b004bff4d00014dffff4a000001004affffffff4a000000808a0500000080008a060000000000018a060000000000ff8a08"
      "ffffffffffffff7f8a080000000000000080652e");
  std::vector<int64_t> expected = {0,      255,     256,           65535,          65536,     -1,
                                   INT32_MIN, int64_t{1} << 31, int64_t{1} << 40, -(int64_t{1} << 40),
                                   INT64_MAX, INT64_MIN};
  EXPECT_EQ(v.toIntVector(), expected);
}

TEST(Unpickler, FloatEncodings) {
  // [0.5, -0.0, inf, -inf, 1e300]
  auto v = load("80025d710028473fe0000000000000478000000000000000477ff000000000000047fff0000000000000477e37e43c880075"
                "9c652e")
               .toDoubleVector();
  ASSERT_EQ(v.size(), 5u);
  EXPECT_EQ(v[0], 0.5);
  EXPECT_TRUE(v[1] == 0.0 && std::signbit(v[1]));
  EXPECT_EQ(v[2], INFINITY);
  EXPECT_EQ(v[3], -INFINITY);
  EXPECT_EQ(v[4], 1e300);
}

TEST(Unpickler, StringsIncludingUnicodeAndShortForms) {
  // ["", "unié", "a" * 300], protocol 4 uses SHORT_BINUNICODE for the short ones
  for (const char* hex :
       {"80025d710028580000000071015805000000756e69c3a97102582c010000", "80049542010000000000005d94288c00948c05756e69c3a994582c010000"}) {
    std::string bytes = unhex(hex) + std::string(300, 'a') + (hex[3] == '2' ? unhex("7103652e") : unhex("94652e"));
    IValue v = unpickle(bytes);
    const auto& l = v.toListRef().elements;
    ASSERT_EQ(l.size(), 3u);
    EXPECT_EQ(l[0].toStringRef(), "");
    EXPECT_EQ(l[1].toStringRef(), "uni\xc3\xa9");
    EXPECT_EQ(l[2].toStringRef(), std::string(300, 'a'));
  }
}

TEST(Unpickler, MemoKeepsSharedListsShared) {
  // l = [1, 2]; [l, l]
  for (const char* hex : {"80025d7100285d7101284b014b02656801652e", "8004950f000000000000005d94285d94284b014b02656801652e"}) {
    IValue v = load(hex);
    const auto& outer = v.toListRef().elements;
    ASSERT_EQ(outer.size(), 2u);
    EXPECT_TRUE(outer[0].is(outer[1]));
    EXPECT_EQ(v.toListRef().elementType->repr_str(), "List[int]");
  }
}

TEST(Unpickler, PythonOnlyValues) {
  // b"\x00\xff ab" at protocol 2 (_codecs.encode) and 4 (SHORT_BINBYTES)
  std::string expectedBytes("\x00\xff" " ab", 5);
  EXPECT_EQ(load("8002635f636f646563730a656e636f64650a7100580600000000c3bf206162710158060000006c6174696e3171028671035271042e")
                .toStringRef(),
            expectedBytes);
  EXPECT_EQ(load("8004950900000000000000430500ff206162942e").toStringRef(), expectedBytes);
  // complex(1.0, -2.5)
  for (const char* hex : {"8002635f5f6275696c74696e5f5f0a636f6d706c65780a7100473ff000000000000047c0040000000000008671015271022e",
                          "8004952e000000000000008c086275696c74696e73948c07636f6d706c6578949394473ff000000000000047c0040000"
                          "00000000869452942e"})
    EXPECT_EQ(load(hex).toComplexDouble(), std::complex<double>(1.0, -2.5));
  // {3} becomes [3]
  EXPECT_EQ(load("8002635f5f6275696c74696e5f5f0a7365740a71005d71014b03618571025271032e").toIntVector(),
            std::vector<int64_t>{3});
  EXPECT_EQ(load("80049507000000000000008f94284b03902e").toIntVector(), std::vector<int64_t>{3});
  // OrderedDict([("x", 1), ("y", 2)])
  for (const char* hex : {"800263636f6c6c656374696f6e730a4f726465726564446963740a7100295271012858010000007871024b01580100"
                          "00007971034b02752e",
                          "80049530000000000000008c0b636f6c6c656374696f6e73948c0b4f72646572656444696374949394295294288c01"
                          "78944b018c0179944b02752e"}) {
    IValue v = load(hex);
    EXPECT_EQ(v.toDictRef().at(IValue("x")).toInt(), 1);
    EXPECT_EQ(v.toDictRef().at(IValue("y")).toInt(), 2);
    EXPECT_EQ(v.type()->repr_str(), "Dict[str, int]");
  }
}

TEST(Unpickler, DtypeDeviceAndSizeGlobals) {
  // GLOBAL torch float16 -> ScalarType code 5 (as TorchScript represents dtypes)
  EXPECT_EQ(unpickle(B("\x80\x02" "ctorch\nfloat16\n.")).toInt(), 5);
  // torch.device("cpu")
  EXPECT_TRUE(unpickle(B("\x80\x02" "ctorch\ndevice\nX\x03\x00\x00\x00" "cpu\x85R.")).toDevice().isCpu());
  // torch.Size([2, 3]) -> (2, 3)
  IValue s = unpickle(B("\x80\x02" "ctorch\nSize\nK\x02K\x03\x86\x85R."));
  ASSERT_TRUE(s.isTuple());
  EXPECT_EQ(s.toTupleRef().elements[1].toInt(), 3);
}

TEST(Unpickler, UnknownGlobalsAreRefusedNotCalled) {
  EXPECT_NE(errorOf(B("\x80\x02" "cos\nsystem\nX\x02\x00\x00\x00lsR.")).find("unsupported global os.system"),
            std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02" "c__main__\nNet\n)\x81.")).find("unsupported global __main__.Net"),
            std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02" "ctorch._utils\n_rebuild_qtensor\n.")).find("quantized"), std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02" "c__torch__\nFoo\n.")).find("class resolver"), std::string::npos);
}

TEST(Unpickler, GlobalUsedAsValueIsRefused) {
  // [collections.OrderedDict] (the class itself, not a call)
  EXPECT_NE(errorOf(B("\x80\x02]ccollections\nOrderedDict\na.")).find("unsupported use of global"),
            std::string::npos);
}

TEST(Unpickler, MalformedInputGivesErrors) {
  EXPECT_NE(errorOf(B("\x80\x02K")).find("end of data"), std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02h\x05.")).find("memo key 5"), std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02X\xff\xff\xff\x7f" "abc.")).find("runs past the end"), std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02t.")).find("MARK"), std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02.")).find("underflow"), std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02\xff.")).find("unsupported pickle opcode 0xff"), std::string::npos);
  EXPECT_NE(errorOf(B("\x80\x02N")).find("end of data"), std::string::npos);
  // 2**70 does not fit an int64
  EXPECT_NE(errorOf(unhex("80028a09000000000000000040" "2e")).find("64 bits"), std::string::npos);
  // SETITEMS with an odd count
  EXPECT_NE(errorOf(B("\x80\x02}(K\x01u.")).find("odd"), std::string::npos);
}

TEST(Unpickler, CyclesAreRefused) {
  // l = []; l.append(l)
  EXPECT_NE(errorOf(B("\x80\x02]q\x00h\x00" "a.")).find("cycle"), std::string::npos);
  // a cycle in garbage that the result does not reach is freed without error
  IValue v = unpickle(B("\x80\x02]q\x00h\x00" "a0K\x07."));
  EXPECT_EQ(v.toInt(), 7);
}

TEST(Unpickler, DeepNestingIsRefusedWithoutRecursion) {
  // 100000 nested 1-tuples: K 0, then TUPLE1 repeated
  std::string deep = B("\x80\x02K\x00") + std::string(100000, '\x85') + ".";
  EXPECT_NE(errorOf(deep).find("nested more than 1000"), std::string::npos);
  // Deep lists built through the memo with a constant stack: [[[...]]]
  std::string viaMemo = B("\x80\x02]q\x01q\x00");
  for (int i = 0; i < 50000; ++i) viaMemo += B("h\x00]q\x00" "a") + "0";
  viaMemo += ".";
  // each step appends a new list to the innermost one and memoizes it as the new innermost;
  // the outer list (memo 1) stays on the stack
  std::string err = errorOf(viaMemo);
  EXPECT_NE(err.find("nested more than"), std::string::npos) << err;
  // Within the limit it loads.
  std::string ok = B("\x80\x02K\x00") + std::string(500, '\x85') + ".";
  EXPECT_TRUE(unpickle(ok).isTuple());
}

TEST(Unpickler, TorchScriptTypeTagsAndTypedLists) {
  // build_intlist([1, 2]) and restore_type_tag({"a": []}, "Dict[str, List[float]]")
  std::string p = "\x80\x02(ctorch.jit._pickle\nbuild_intlist\n(](K\x01K\x02" "etRctorch.jit._pickle\nrestore_type_tag\n}(X";
  p += B("\x01\x00\x00\x00") + "a](eu";
  p += "X" + B("\x16\x00\x00\x00") + "Dict[str, List[float]]\x86Rt.";
  IValue v = unpickle(p);
  const auto& t = v.toTupleRef().elements;
  EXPECT_EQ(t[0].toListRef().elementType->repr_str(), "int");
  EXPECT_EQ(t[0].toIntVector(), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(t[1].type()->repr_str(), "Dict[str, List[float]]");
  // a tag that contradicts the contents
  std::string bad = "\x80\x02" "ctorch.jit._pickle\nbuild_intlist\n(](X" + B("\x01\x00\x00\x00") + "aetR.";
  EXPECT_NE(errorOf(bad).find("tagged int"), std::string::npos);
}

TEST(Unpickler, ClassesGoThroughTheResolver) {
  auto cls = ClassType::create("__torch__.Foo", true);
  cls->addAttribute("n", IntType::get());
  auto color = EnumType::create("__torch__.Color", IntType::get(), {{"RED", IValue(1)}, {"GREEN", IValue(2)}});
  UnpicklerOptions options;
  options.classResolver = [&](const std::string& name) -> TypePtr {
    if (name == "__torch__.Foo") return cls;
    if (name == "__torch__.Color") return color;
    return nullptr;
  };
  // Foo.__new__ + BUILD {"n": 3, "c": Color(2)}
  std::string p = "\x80\x02" "c__torch__\nFoo\n)\x81}(X" + B("\x01\x00\x00\x00") + "nK\x03X" +
                  B("\x01\x00\x00\x00") + "cc__torch__\nColor\nK\x02Rub.";
  IValue v = unpickle(p, options);
  ASSERT_TRUE(v.isObject());
  ASSERT_TRUE(v.toObjectRef().getAttr("n").isInt()) << v.toObjectRef().slots.size();
  EXPECT_EQ(v.toObjectRef().getAttr("n").toInt(), 3);
  IValue c = v.toObjectRef().getAttr("c");
  ASSERT_TRUE(c.isEnum());
  EXPECT_EQ(c.toEnumHolder()->name, "GREEN");
  EXPECT_NE(errorOf("\x80\x02" "c__torch__\nBar\n.", options).find("unknown TorchScript class __torch__.Bar"),
            std::string::npos);
  // A non-dict state needs __setstate__, i.e. an object builder.
  std::string tupleState = "\x80\x02" "c__torch__\nFoo\n)\x81K\x01\x85" "b.";
  EXPECT_NE(errorOf(tupleState, options).find("__setstate__"), std::string::npos);
  IValue seen;
  options.objectBuilder = [&](const IntrusivePtr<ObjectImpl>&, const IValue& state) {
    seen = state;
    return true;
  };
  unpickle(tupleState, options);
  ASSERT_EQ(seen.toTupleRef().size(), 1u);
  EXPECT_EQ(seen.toTupleRef().elements[0].toInt(), 1);
}

TEST(Unpickler, StorageNames) {
  EXPECT_EQ(scalarTypeFromStorageName("BFloat16Storage"), ScalarType::BFloat16);
  EXPECT_EQ(storageNameFromScalarType(ScalarType::Half), "HalfStorage");
  EXPECT_THROW(scalarTypeFromStorageName("QUInt4x2Storage"), Error);
}

}  // namespace
}  // namespace ember::jit
