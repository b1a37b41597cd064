// torch.save-format round trips through the pickler and unpickler. Expected values are the
// inputs themselves (a round trip must be the identity, aliasing included); compatibility with
// PyTorch in both directions is tested in tests/compat/serialization.
#include "ember/serialization/torch_save.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "ember/error.h"
#include "ember/serialization/archive_writer.h"
#include "ember/serialization/pickler.h"
#include "ember/serialization/unpickler.h"
#include "ember/serialization/zip_reader.h"
#include "ember/serialization/zip_writer.h"

namespace ember::jit {
namespace {

// A float tensor over a fresh storage holding 0, 1, 2, ...
Tensor iota(int64_t n, ScalarType dtype = ScalarType::Float) {
  Storage s = Storage::allocate(static_cast<size_t>(n) * elementSize(dtype));
  auto* bytes = static_cast<unsigned char*>(s.data());
  for (size_t i = 0; i < s.nbytes(); ++i) bytes[i] = static_cast<unsigned char>(i * 7);
  return Tensor::make(s, dtype, {n}, {1});
}

std::string storageBytes(const Tensor& t) {
  return std::string(static_cast<const char*>(t.storage().data()), t.storage().nbytes());
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(TorchSave, RoundTripOfNestedValues) {
  Tensor base = iota(12);
  Tensor tail = Tensor::make(base.storage(), ScalarType::Float, {8}, {1}, 4);
  Tensor transposed = Tensor::make(base.storage(), ScalarType::Float, {4, 3}, {1, 4});
  Tensor half = iota(3, ScalarType::Half);
  half.set_requires_grad(true);
  auto dict = DictImpl::create(StringType::get(), AnyType::get());
  dict->insertOrAssign(IValue("base"), base);
  dict->insertOrAssign(IValue("tail"), tail);
  dict->insertOrAssign(IValue("t"), transposed);
  dict->insertOrAssign(IValue("again"), base);
  dict->insertOrAssign(IValue("half"), half);
  dict->insertOrAssign(IValue("ints"), makeIntList({1, -2, int64_t{1} << 40, INT64_MIN}));
  dict->insertOrAssign(IValue("tuple"), makeTuple({IValue(1.5), IValue("s\xc3\xa9"), IValue(), IValue(true)}));
  dict->insertOrAssign(IValue("device"), IValue(Device(DeviceType::CPU)));
  dict->insertOrAssign(IValue("complex"), IValue(std::complex<double>(1, -2)));
  IValue value(dict);

  IValue back = pickleLoadFromBytes(pickleSaveToBytes(value));
  const DictImpl& d = back.toDictRef();
  ASSERT_EQ(d.size(), dict->size());
  Tensor b = d.at(IValue("base")).toTensor();
  Tensor tl = d.at(IValue("tail")).toTensor();
  Tensor tt = d.at(IValue("t")).toTensor();
  EXPECT_EQ(storageBytes(b), storageBytes(base));
  EXPECT_TRUE(b.is_alias_of(tl));  // views of one storage stay views of one storage
  EXPECT_TRUE(b.is_alias_of(tt));
  EXPECT_TRUE(b.is_same(d.at(IValue("again")).toTensor()));  // the same tensor twice stays one tensor
  EXPECT_EQ(tl.storage_offset(), 4);
  EXPECT_EQ(tt.strides(), (IntArrayRef{1, 4}));
  Tensor h = d.at(IValue("half")).toTensor();
  EXPECT_EQ(h.dtype(), ScalarType::Half);
  EXPECT_TRUE(h.requires_grad());
  EXPECT_EQ(storageBytes(h), storageBytes(half));
  EXPECT_EQ(d.at(IValue("ints")).toIntVector(), (std::vector<int64_t>{1, -2, int64_t{1} << 40, INT64_MIN}));
  const auto& t = d.at(IValue("tuple")).toTupleRef().elements;
  EXPECT_EQ(t[0].toDouble(), 1.5);
  EXPECT_EQ(t[1].toStringRef(), "s\xc3\xa9");
  EXPECT_TRUE(t[2].isNone());
  EXPECT_TRUE(t[3].toBool());
  EXPECT_TRUE(d.at(IValue("device")).toDevice().isCpu());
  EXPECT_EQ(d.at(IValue("complex")).toComplexDouble(), std::complex<double>(1, -2));
}

TEST(TorchSave, FileRoundTripMapsTensorData) {
  std::string path = (std::filesystem::temp_directory_path() / "ember_save_test.pt").string();
  Tensor x = iota(1000, ScalarType::Double);
  pickleSave(x, path);
  ZipReader r = ZipReader::open(path);
  EXPECT_EQ(r.rootName(), "ember_save_test");
  EXPECT_EQ(r.recordNames(), (std::vector<std::string>{"data.pkl", "data/0", "version"}));
  EXPECT_EQ(r.readRecord("version"), "3\n");
  Tensor y = pickleLoad(path).toTensor();
  EXPECT_FALSE(y.storage().impl()->ownsMemory());  // mapped from the file
  EXPECT_EQ(storageBytes(y), storageBytes(x));
  std::filesystem::remove(path);
}

TEST(TorchSave, PyTorchNamedEntryPoints) {
  std::string path = (std::filesystem::temp_directory_path() / "ember_save_alias.pt").string();
  ember::save(jit::IValue(std::string("hello")), path);
  EXPECT_EQ(ember::load(path).toStringRef(), "hello");
  std::filesystem::remove(path);
}

// A file may hold bool bytes other than 0 and 1 (PyTorch never writes them; a damaged or
// hostile file can). They load as NumPy and torch.from_numpy read them: nonzero is True.
TEST(TorchSave, BoolBytesAboveOneLoadAsTrue) {
  Tensor raw = iota(4, ScalarType::Byte);
  const unsigned char bytes[] = {0, 10, 1, 255};
  std::memcpy(raw.storage().data(), bytes, sizeof bytes);
  Tensor flags = Tensor::make(raw.storage(), ScalarType::Bool, {4}, {1});
  Tensor back = pickleLoadFromBytes(pickleSaveToBytes(flags)).toTensor();
  ASSERT_EQ(back.dtype(), ScalarType::Bool);
  EXPECT_EQ(storageBytes(back), std::string("\x00\x01\x01\x01", 4));
  EXPECT_EQ(back.sum().item<int64_t>(), 3);
}

TEST(TorchSave, StorageRecordsAreWrittenInStringOrder) {
  std::vector<IValue> tensors;
  for (int i = 0; i < 12; ++i) tensors.push_back(iota(1));
  ZipReader r = ZipReader::fromBytes(pickleSaveToBytes(makeList(TensorType::get(), tensors)));
  auto names = r.recordNames();
  ASSERT_EQ(names.size(), 14u);
  EXPECT_EQ(names[1], "data/0");
  EXPECT_EQ(names[2], "data/1");
  EXPECT_EQ(names[3], "data/10");  // keys sorted as strings, as torch.save writes them
  EXPECT_EQ(names[13], "version");
}

TEST(TorchSave, SameStorageAsTwoDtypesIsRefused) {
  Tensor f = iota(4);
  Tensor i = Tensor::make(f.storage(), ScalarType::Int, {4}, {1});
  EXPECT_NE(errorOf([&] { pickleSaveToBytes(makeTuple({f, i})); }).find("view the same data as different types"),
            std::string::npos);
}

TEST(TorchSave, CyclesAreRefusedWhenSaving) {
  auto list = ListImpl::create(AnyType::get());
  list->elements.push_back(IValue(list));
  EXPECT_NE(errorOf([&] { pickleSaveToBytes(IValue(list)); }).find("cycle"), std::string::npos);
  list->elements.clear();  // break the cycle so the test does not leak
}

TEST(TorchSave, OtherFormatsGiveClearErrors) {
  const unsigned char legacy[] = {0x80, 0x02, 0x8A, 0x0A, 0x6C, 0xFC, 0x9C, 0x46, 0xF9, 0x20, 0x6A, 0xA8, 0x50, 0x19, 0x2E};
  EXPECT_NE(errorOf([&] { pickleLoadFromBytes(std::string(reinterpret_cast<const char*>(legacy), sizeof(legacy))); })
                .find("legacy format"),
            std::string::npos);
  EXPECT_NE(errorOf([] { pickleLoadFromBytes("hello"); }).find("not a torch.save archive"), std::string::npos);
  EXPECT_NE(errorOf([] { pickleLoad("/nonexistent/file.pt"); }).find("cannot open"), std::string::npos);

  auto archive = [](const std::vector<std::pair<std::string, std::string>>& records) {
    std::string out;
    ZipWriter w([&](const void* d, size_t n) { out.append(static_cast<const char*>(d), n); });
    for (const auto& [name, data] : records) w.writeRecord(name, data.data(), data.size());
    w.writeEndOfFile();
    return out;
  };
  std::string none("\x80\x02N.", 4);
  EXPECT_NE(errorOf([&] { pickleLoadFromBytes(archive({{"data.pkl", none}, {"constants.pkl", none}, {"version", "3\n"}})); })
                .find("TorchScript archive"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { pickleLoadFromBytes(archive({{"data.pkl", none}})); }).find("no version record"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { pickleLoadFromBytes(archive({{"data.pkl", none}, {"version", "11\n"}})); })
                .find("maximum supported version for reading is 10"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { pickleLoadFromBytes(archive({{"data.pkl", none}, {"version", "x"}})); })
                .find("couldn't parse the version"),
            std::string::npos);
  // Lenient version spellings PyTorch accepts, and `.data/version` winning over `version`.
  for (const char* v : {"3", " 3\n", "3\r\n", "03\n", "10\n", "1\n"})
    EXPECT_TRUE(pickleLoadFromBytes(archive({{"data.pkl", none}, {"version", v}})).isNone()) << v;
  EXPECT_TRUE(pickleLoadFromBytes(archive({{"data.pkl", none}, {"version", "99\n"}, {".data/version", "3\n"}})).isNone());
  // A persistent id naming a record that is not there.
  std::vector<PickledStorage> storages;
  std::string pkl = pickle(iota(2), storages);
  EXPECT_NE(errorOf([&] { pickleLoadFromBytes(archive({{"data.pkl", pkl}, {"version", "3\n"}})); })
                .find("missing record"),
            std::string::npos);
  // A record too small for the tensor that views it.
  EXPECT_NE(errorOf([&] { pickleLoadFromBytes(archive({{"data.pkl", pkl}, {"data/0", "abc"}, {"version", "3\n"}})); })
                .find("out of bounds"),
            std::string::npos);
}

TEST(Pickler, IntegersUseMinimalOpcodes) {
  // Python: pickle.dumps(2**31, 2) == 80 02 8a 05 00 00 00 80 00 2e, and -1 is BININT ff ff ff ff.
  std::vector<PickledStorage> none;
  EXPECT_EQ(pickle(IValue(int64_t{1} << 31), none), std::string("\x80\x02\x8a\x05\x00\x00\x00\x80\x00.", 10));
  EXPECT_EQ(pickle(IValue(-1), none), std::string("\x80\x02J\xff\xff\xff\xff.", 8));
  EXPECT_EQ(pickle(IValue(300), none), std::string("\x80\x02M\x2c\x01.", 6));
  EXPECT_EQ(pickle(IValue(INT64_MIN), none), std::string("\x80\x02\x8a\x08\x00\x00\x00\x00\x00\x00\x00\x80.", 13));
}

TEST(Pickler, ArchiveStyleTagsContainers) {
  auto dict = DictImpl::create(StringType::get(), ListType::ofStrings());
  dict->insertOrAssign(IValue("k"), makeStringList({"a"}));
  std::vector<PickledStorage> none;
  PicklerOptions options;
  options.typeTags = true;
  std::string bytes = pickle(makeTuple({makeIntList({1, 2}), IValue(dict)}), none, options);
  EXPECT_NE(bytes.find("build_intlist"), std::string::npos);
  EXPECT_NE(bytes.find("Dict[str, List[str]]"), std::string::npos);
  EXPECT_NE(bytes.find("List[str]"), std::string::npos);
  IValue back = unpickle(bytes);
  EXPECT_EQ(back.toTupleRef().elements[1].type()->repr_str(), "Dict[str, List[str]]");
  EXPECT_EQ(back.toTupleRef().elements[0].toIntVector(), (std::vector<int64_t>{1, 2}));
}

TEST(Pickler, ObjectsAndEnumsNeedArchiveStyle) {
  auto cls = ClassType::create("__torch__.M", true);
  cls->addAttribute("x", IntType::get());
  auto obj = ObjectImpl::create(cls);
  obj->setAttr("x", IValue(4));
  std::vector<PickledStorage> none;
  EXPECT_THROW(pickle(IValue(obj), none), Error);
  PicklerOptions options;
  options.typeTags = true;
  std::string bytes = pickle(IValue(obj), none, options);
  UnpicklerOptions uo;
  uo.classResolver = [&](const std::string& n) -> TypePtr { return n == "__torch__.M" ? cls : nullptr; };
  IValue back = unpickle(bytes, uo);
  EXPECT_EQ(back.toObjectRef().getAttr("x").toInt(), 4);
}

TEST(ArchiveWriter, VersionRecordName) {
  for (int64_t v : {3, 5, 6, 10}) {
    std::string out;
    {
      ZipWriter w([&](const void* d, size_t n) { out.append(static_cast<const char*>(d), n); });
      writeArchiveVersion(w, v);
    }
    ZipReader r = ZipReader::fromBytes(out);
    EXPECT_EQ(r.recordNames()[0], v >= 6 ? ".data/version" : "version");
    EXPECT_EQ(r.readRecord(r.recordNames()[0]), std::to_string(v) + "\n");
  }
}

}  // namespace
}  // namespace ember::jit
