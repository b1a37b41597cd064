// Serialization differential tests. gen.py (PyTorch 1.13) wrote torch.save files, torch.jit.save
// archives and spec.json, the encoding of what each file holds; this program loads every file
// with ember and compares with the spec, checks that files ember must refuse are refused with
// the expected message, re-packs every torch.save file with ember's zip writer (which must give
// the same bytes), and writes the `writable` values to FIXTURES/ember/*.pt for check.py to load
// with torch.load.
//
// Run: ember_compat_serialization_tests --fixtures DIR [--gtest_filter=...]
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>

#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "ember/serialization/archive_reader.h"
#include "ember/serialization/torch_save.h"
#include "ember/serialization/zip_reader.h"
#include "ember/serialization/zip_writer.h"

namespace ember::jit {
namespace {

using json = nlohmann::json;

std::string gFixtures;

const json& spec() {
  static const json s = [] {
    std::ifstream in(gFixtures + "/spec.json");
    EMBER_CHECK(in, "cannot read ", gFixtures, "/spec.json (run gen.py first)");
    return json::parse(in);
  }();
  return s;
}

std::string unhex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return out;
}

double doubleFromBits(const std::string& hex) {
  std::string b = unhex(hex);
  double d;
  std::memcpy(&d, b.data(), sizeof d);
  return d;
}

ScalarType dtypeFromName(const std::string& name) {
  static const std::map<std::string, ScalarType> kNames = {
      {"uint8", ScalarType::Byte},      {"int8", ScalarType::Char},        {"int16", ScalarType::Short},
      {"int32", ScalarType::Int},       {"int64", ScalarType::Long},       {"float16", ScalarType::Half},
      {"bfloat16", ScalarType::BFloat16}, {"float32", ScalarType::Float},  {"float64", ScalarType::Double},
      {"bool", ScalarType::Bool},       {"complex64", ScalarType::ComplexFloat},
      {"complex128", ScalarType::ComplexDouble}};
  return kNames.at(name);
}

// Compares an ember value with its spec; storages must alias exactly as the spec's ids say.
class Matcher {
 public:
  explicit Matcher(const json& storages) : storages_(storages) {}

  void match(const IValue& v, const json& s, const std::string& path) {
    const std::string t = s.at("t");
    SCOPED_TRACE(path);
    if (t == "none") {
      EXPECT_TRUE(v.isNone()) << v.tagKind();
    } else if (t == "bool") {
      ASSERT_TRUE(v.isBool()) << v.tagKind();
      EXPECT_EQ(v.toBool(), s.at("v").get<bool>());
    } else if (t == "int") {
      ASSERT_TRUE(v.isInt()) << v.tagKind();
      EXPECT_EQ(v.toInt(), std::stoll(s.at("v").get<std::string>()));
    } else if (t == "float") {
      ASSERT_TRUE(v.isDouble()) << v.tagKind();
      double d = v.toDouble(), e = doubleFromBits(s.at("v"));
      EXPECT_EQ(std::memcmp(&d, &e, sizeof d), 0) << d << " vs " << e;
    } else if (t == "complex") {
      ASSERT_TRUE(v.isComplexDouble()) << v.tagKind();
      EXPECT_EQ(v.toComplexDouble(), std::complex<double>(doubleFromBits(s.at("re")), doubleFromBits(s.at("im"))));
    } else if (t == "str") {
      ASSERT_TRUE(v.isString()) << v.tagKind();
      EXPECT_EQ(v.toStringRef(), unhex(s.at("hex")));
    } else if (t == "device") {
      ASSERT_TRUE(v.isDevice()) << v.tagKind();
      EXPECT_EQ(v.toDevice().str(), s.at("v").get<std::string>());
    } else if (t == "tensor") {
      matchTensor(v, s);
    } else if (t == "tuple" || t == "list") {
      ASSERT_TRUE(t == "tuple" ? v.isTuple() : v.isList()) << v.tagKind();
      const auto& elems = t == "tuple" ? v.toTupleRef().elements : v.toListRef().elements;
      ASSERT_EQ(elems.size(), s.at("v").size());
      for (size_t i = 0; i < elems.size(); ++i) match(elems[i], s.at("v")[i], path + "[" + std::to_string(i) + "]");
      if (s.contains("type")) {
        EXPECT_EQ(ListType::create(v.toListRef().elementType)->annotation_str(), s.at("type"));
      }
    } else if (t == "dict") {
      ASSERT_TRUE(v.isGenericDict()) << v.tagKind();
      auto items = v.toDictRef().items();
      ASSERT_EQ(items.size(), s.at("v").size());
      for (size_t i = 0; i < items.size(); ++i) {
        match(items[i].first, s.at("v")[i][0], path + ".key" + std::to_string(i));
        match(items[i].second, s.at("v")[i][1], path + ".value" + std::to_string(i));
      }
      if (s.contains("type")) {
        EXPECT_EQ(v.type()->annotation_str(), s.at("type"));
      }
    } else if (t == "object") {
      ASSERT_TRUE(v.isObject()) << v.tagKind();
      const ObjectImpl& o = v.toObjectRef();
      EXPECT_EQ(o.name(), s.at("class").get<std::string>());
      for (const auto& attr : s.at("attrs")) match(o.getAttr(attr[0].get<std::string>()), attr[1], path + "." + attr[0].get<std::string>());
    } else if (t == "enum") {
      ASSERT_TRUE(v.isEnum()) << v.tagKind();
      EXPECT_EQ(v.toEnumHolder()->type->qualifiedName(), s.at("class").get<std::string>());
      match(v.toEnumHolder()->value, s.at("value"), path + ".value");
    } else {
      FAIL() << "unknown spec kind " << t;
    }
  }

 private:
  void matchTensor(const IValue& v, const json& s) {
    ASSERT_TRUE(v.isTensor()) << v.tagKind();
    Tensor x = v.toTensor();
    EXPECT_EQ(x.dtype(), dtypeFromName(s.at("dtype")));
    EXPECT_EQ(std::vector<int64_t>(x.sizes().begin(), x.sizes().end()), s.at("sizes").get<std::vector<int64_t>>());
    EXPECT_EQ(std::vector<int64_t>(x.strides().begin(), x.strides().end()), s.at("strides").get<std::vector<int64_t>>());
    EXPECT_EQ(x.storage_offset(), s.at("offset").get<int64_t>());
    EXPECT_EQ(x.requires_grad(), s.at("requires_grad").get<bool>());
    size_t id = s.at("storage");
    std::string expected = unhex(storages_.at(id));
    ASSERT_EQ(x.storage().nbytes(), expected.size());
    EXPECT_EQ(std::memcmp(x.storage().data(), expected.data(), expected.size()), 0) << "storage bytes differ";
    if (expected.empty()) return;
    // Aliasing: one ember storage per spec storage, both ways.
    auto [it, fresh] = byId_.emplace(id, x.storage().impl());
    EXPECT_EQ(it->second, x.storage().impl()) << "spec storage " << id << " became two ember storages";
    auto [jt, fresh2] = byImpl_.emplace(x.storage().impl(), id);
    EXPECT_EQ(jt->second, id) << "two spec storages became one ember storage";
  }

  const json& storages_;
  std::map<size_t, const void*> byId_;
  std::map<const void*, size_t> byImpl_;
};

// Builds the IValue a spec describes (the reverse direction).
class Builder {
 public:
  explicit Builder(const json& storages) : storages_(storages) {}
  IValue build(const json& s) {
    const std::string t = s.at("t");
    if (t == "none") return IValue();
    if (t == "bool") return IValue(s.at("v").get<bool>());
    if (t == "int") return IValue(static_cast<int64_t>(std::stoll(s.at("v").get<std::string>())));
    if (t == "float") return IValue(doubleFromBits(s.at("v")));
    if (t == "complex") return IValue(std::complex<double>(doubleFromBits(s.at("re")), doubleFromBits(s.at("im"))));
    if (t == "str") return IValue(unhex(s.at("hex")));
    if (t == "device") return IValue(Device::parse(s.at("v").get<std::string>()));
    if (t == "tensor") {
      size_t id = s.at("storage");
      auto it = storages_made_.find(id);
      if (it == storages_made_.end()) {
        std::string bytes = unhex(storages_.at(id));
        Storage st = Storage::allocate(bytes.size());
        if (!bytes.empty()) std::memcpy(st.data(), bytes.data(), bytes.size());
        it = storages_made_.emplace(id, st).first;
      }
      Tensor x = Tensor::make(it->second, dtypeFromName(s.at("dtype")), s.at("sizes").get<std::vector<int64_t>>(),
                              s.at("strides").get<std::vector<int64_t>>(), s.at("offset").get<int64_t>());
      x.set_requires_grad(s.at("requires_grad").get<bool>());
      return x;
    }
    std::vector<IValue> elems;
    if (t == "tuple" || t == "list") {
      for (const auto& e : s.at("v")) elems.push_back(build(e));
      return t == "tuple" ? makeTuple(std::move(elems)) : makeList(AnyType::get(), std::move(elems));
    }
    EMBER_CHECK(t == "dict", "cannot build spec kind ", t);
    auto d = DictImpl::create(StringType::get(), AnyType::get());
    for (const auto& kv : s.at("v")) d->insertOrAssign(build(kv[0]), build(kv[1]));
    return IValue(d);
  }

 private:
  const json& storages_;
  std::map<size_t, Storage> storages_made_;
};

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(serialization, TorchSaveFilesLoad) {
  for (const auto& [name, s] : spec().at("save").items()) {
    SCOPED_TRACE(name);
    IValue v;
    try {
      v = pickleLoad(gFixtures + "/save/" + name + ".pt");
    } catch (const Error& e) {
      ADD_FAILURE() << name << ": " << e.what();
      continue;
    }
    Matcher(s.at("storages")).match(v, s.at("value"), name);
    // The same bytes through memory (no mapping) give the same value.
    Matcher(s.at("storages")).match(pickleLoadFromBytes(readFile(gFixtures + "/save/" + name + ".pt")), s.at("value"),
                                    name + "(bytes)");
  }
}

TEST(serialization, RefusedFiles) {
  for (const auto& [name, message] : spec().at("errors").items()) {
    try {
      pickleLoad(gFixtures + "/errors/" + name + ".pt");
      ADD_FAILURE() << name << " loaded";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(message.get<std::string>()), std::string::npos)
          << name << ": " << e.what();
    }
  }
}

TEST(serialization, ZipRepackIsByteIdentical) {
  for (const auto& [name, s] : spec().at("save").items()) {
    std::string original = readFile(gFixtures + "/save/" + name + ".pt");
    ZipReader reader = ZipReader::fromBytes(original);
    std::string out;
    {
      ZipWriter w([&](const void* d, size_t n) { out.append(static_cast<const char*>(d), n); }, reader.rootName());
      for (const std::string& record : reader.recordNames()) {
        std::string data = reader.readRecord(record);
        w.writeRecord(record, data.data(), data.size());
      }
      w.writeEndOfFile();
    }
    EXPECT_TRUE(out == original) << name << ": ember's zip writer gives different bytes";
  }
}

TEST(serialization, WriteForTorchLoad) {
  for (const auto& [name, s] : spec().at("writable").items()) {
    SCOPED_TRACE(name);
    IValue v = Builder(s.at("storages")).build(s.at("value"));
    std::string path = gFixtures + "/ember/" + name + ".pt";
    pickleSave(v, path);
    Matcher(s.at("storages")).match(pickleLoad(path), s.at("value"), name);
  }
}

TEST(serialization, TorchScriptArchivePickles) {
  for (const auto& [name, s] : spec().at("ts").items()) {
    SCOPED_TRACE(name);
    ZipReader reader = ZipReader::open(gFixtures + "/ts/" + name + ".pt");
    EXPECT_EQ(readArchiveVersion(reader), s.at("version").get<int64_t>());
    checkArchiveByteOrder(reader);
    // Stand-in for the module loader: classes made on demand, attributes added as found, the
    // enum of the test model, and __getstate__ results kept as "__state__" (as gen.py records).
    std::map<std::string, TypePtr> classes;
    UnpicklerOptions options;
    options.classResolver = [&](const std::string& qn) -> TypePtr {
      auto& t = classes[qn];
      if (!t && qn.size() > 6 && qn.compare(qn.size() - 6, 6, ".Color") == 0)
        t = EnumType::create(qn, IntType::get(), {{"RED", IValue(1)}, {"GREEN", IValue(2)}});
      if (!t) t = ClassType::create(qn, true);
      return t;
    };
    options.objectBuilder = [](const IntrusivePtr<ObjectImpl>& obj, const IValue& state) {
      auto set = [&](const std::string& attr, const IValue& value) {
        auto slot = obj->type->findAttributeSlot(attr);
        if (!slot) slot = obj->type->addAttribute(attr, AnyType::get());
        obj->setSlot(*slot, value);
      };
      if (!state.isGenericDict()) {
        set("__state__", state);
        return true;
      }
      state.toDictRef().forEach([&](const IValue& k, const IValue& v) { set(k.toStringRef(), v); });
      return true;
    };
    StorageContext storages(reader);
    Matcher matcher(s.at("storages"));
    matcher.match(readArchivePickle(reader, "data.pkl", "data", storages, options), s.at("data.pkl"), "data.pkl");
    matcher.match(readArchivePickle(reader, "constants.pkl", "constants", storages, options), s.at("constants.pkl"),
                  "constants.pkl");
  }
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--fixtures") == 0 && i + 1 < argc) ember::jit::gFixtures = argv[++i];
  if (ember::jit::gFixtures.empty()) {
    std::fprintf(stderr, "usage: %s --fixtures DIR\n", argv[0]);
    return 2;
  }
  return RUN_ALL_TESTS();
}
