// jit::load: the records of a TorchScript archive (FORMATS.md §5) turned into a Module.
//
// Order matters: constants.pkl first (code refers to CONSTANTS.c<N>), then data.pkl, whose
// `__torch__` classes are compiled from code/ as the unpickler meets them. Objects whose class
// defines __setstate__ get it called with their pickled state, as PyTorch does.
#include "ember/serialization/import.h"

#include <algorithm>
#include <cstdlib>
#include <istream>
#include <string_view>
#include <iterator>
#include <thread>

#include "ember/error.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor/allocator.h"
#include "ember/serialization/archive_reader.h"
#include "ember/serialization/storage_context.h"
#include "ember/serialization/zip_reader.h"
#include "serialization/import_source.h"
#include "serialization/source_debug_info.h"
#include "tensor/blas_backend.h"

namespace ember::jit {

namespace {

// "__torch__.a.b" -> "code/__torch__/a/b.py"
std::string codeRecordFor(const std::string& qualifier) {
  std::string path = "code/" + qualifier + ".py";
  for (size_t i = 5; i + 3 < path.size(); ++i)
    if (path[i] == '.') path[i] = '/';
  return path;
}

SourceImporter::SourceLoader codeLoader(const ZipReader& reader) {
  return [&reader](const std::string& qualifier) -> std::shared_ptr<Source> {
    std::string record = codeRecordFor(qualifier);
    if (!reader.hasRecord(record)) return nullptr;
    auto source = std::make_shared<Source>(reader.readRecord(record), record, 1);
    // The debug records only improve error messages: a damaged one is ignored, as a missing one.
    if (std::string debug = record + ".debug_pkl"; reader.hasRecord(debug)) {
      try {
        source->setGeneratedFrom(readSourceDebugInfo(reader.readRecord(debug)));
      } catch (const Error&) {
      }
    }
    return source;
  };
}

// Runs the class's __setstate__ for non-dict states (and dict states of classes that define it).
bool callSetState(const IntrusivePtr<ObjectImpl>& obj, const IValue& state) {
  Function* setState = obj->type->findMethod("__setstate__");
  if (!setState) return false;
  Stack stack{IValue(obj), state};
  setState->run(stack);
  return true;
}

std::vector<IValue> readConstants(const ZipReader& reader, StorageContext& storages, SourceImporter& importer) {
  EMBER_CHECK(reader.hasRecord("constants.pkl"), "archive '", reader.rootName(),
              "' has no constants.pkl record; it is not a TorchScript archive");
  UnpicklerOptions options;
  options.classResolver = [&importer](const std::string& qualname) { return importer.loadType(qualname); };
  IValue table = readArchivePickle(reader, "constants.pkl", "constants", storages, options);
  EMBER_CHECK(table.isTuple(), "constants.pkl of archive '", reader.rootName(), "' does not hold a tuple");
  return table.toTupleRef().elements;
}

void readExtraFiles(const ZipReader& reader, ExtraFilesMap* extraFiles) {
  if (!extraFiles) return;
  for (auto& [name, value] : *extraFiles) {
    std::string record = "extra/" + name;
    if (reader.hasRecord(record)) value = reader.readRecord(record);
  }
}

// Whether the archive's code calls operators that run matrix products (linear layers, matmul and
// the mm family, convolutions, recurrent layers, attention): then oneDNN's GEMM kernels are
// generated while the archive loads rather than on the first call (blas::GemmWarmup).
// A record that cannot be read says no here: loading reports it.
bool codeHoldsProducts(const ZipReader& reader) try {
  static constexpr std::string_view kProductOps[] = {"linear", "matmul", "mm(", "conv", "lstm", "gru",
                                                     "rnn", "attention", "einsum", "bilinear"};
  for (const std::string& name : reader.recordNames()) {
    if (!name.starts_with("code/") || !name.ends_with(".py")) continue;
    const std::string text = reader.readRecord(name);
    for (std::string_view op : kProductOps)
      if (text.find(op) != std::string_view::npos) return true;
  }
  return false;
} catch (const Error&) {
  return false;
}

bool prepareAtLoad() {
  const char* env = std::getenv("EMBER_PREPARE_AT_LOAD");
  return !(env && std::string_view(env) == "0");
}

// A model's first call maps the memory its activations take (the caching allocator keeps it for
// the calls after), and fresh pages are the dearer part of that call. The load backs some of it
// ahead, on a thread of its own while the archive is read: as much as the archive's tensors
// take, at most kReservedBytes (resnet18's first call maps ~19 MB, mobilenet_v2's ~10 MB;
// backing 24 MB takes ~4 ms here, and those first calls ~3 ms less).
constexpr uint64_t kReservedBytes = uint64_t{24} << 20;

class FirstCallMemory {
 public:
  FirstCallMemory(const ZipReader& reader, bool wanted) {
    if (!wanted) return;
    uint64_t tensorBytes = 0;
    for (const std::string& name : reader.recordNames())
      if (name.starts_with("data/")) tensorBytes += reader.recordSize(name);
    const size_t bytes = static_cast<size_t>(std::min(tensorBytes, kReservedBytes));
    worker_ = std::thread([bytes] {
      try {
        reserveAllocatorCache(bytes);
      } catch (const Error&) {  // out of memory: the first call will say so if it matters
      }
    });
  }
  ~FirstCallMemory() {
    if (worker_.joinable()) worker_.join();
  }
  FirstCallMemory(const FirstCallMemory&) = delete;
  FirstCallMemory& operator=(const FirstCallMemory&) = delete;

 private:
  std::thread worker_;
};

// The first call's plan of `forward` is built while the archive loads (GraphFunction::prepareAhead:
// discarded again if settings or code change before that call), unless EMBER_PREPARE_AT_LOAD=0.
void prepareForwardAhead(const IValue& root) {
  if (auto* forward = dynamic_cast<GraphFunction*>(root.toObjectRef().type->findMethod("forward")))
    forward->prepareAhead();
}

Module loadFromReader(const ZipReader& reader, ExtraFilesMap* extraFiles) {
  const bool products = codeHoldsProducts(reader), prepare = prepareAtLoad();
  blas::GemmWarmup warmup(products);
  FirstCallMemory memory(reader, products && prepare);
  readArchiveVersion(reader);
  checkArchiveByteOrder(reader);
  EMBER_CHECK(reader.hasRecord("data.pkl"), "archive '", reader.rootName(),
              "' has no data.pkl record; it is not a TorchScript archive");
  auto cu = std::make_shared<CompilationUnit>();
  StorageContext storages(reader);
  // constants.pkl may itself name classes, so the importer exists first and gets the table after.
  SourceImporter importer(cu, codeLoader(reader));
  importer.setConstants(readConstants(reader, storages, importer));

  UnpicklerOptions options;
  options.classResolver = [&importer](const std::string& qualname) { return importer.loadType(qualname); };
  options.objectBuilder = callSetState;
  IValue root = readArchivePickle(reader, "data.pkl", "data", storages, options);
  EMBER_CHECK(root.isObject() && root.toObjectRef().type->isModule(), "data.pkl of archive '", reader.rootName(),
              "' does not hold a module object");
  for (const TypePtr& t : cu->getTypes())
    if (auto cls = t->cast<ClassType>()) registerClassUnit(cls, cu);
  readExtraFiles(reader, extraFiles);
  if (prepare) prepareForwardAhead(root);
  return Module(Object(root.toObject(), cu));
}

}  // namespace

Module load(const std::string& path, ExtraFilesMap* extraFiles) {
  ZipReader reader = ZipReader::open(path);
  try {
    return loadFromReader(reader, extraFiles);
  } catch (const Error& e) {
    throw Error("failed to load '" + path + "': " + e.message(), e.kind());
  }
}

Module loadFromBytes(std::string bytes, ExtraFilesMap* extraFiles) {
  ZipReader reader = ZipReader::fromBytes(std::move(bytes));
  return loadFromReader(reader, extraFiles);
}

Module load(std::istream& in, ExtraFilesMap* extraFiles) {
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EMBER_CHECK(!in.bad(), "failed to read the archive from the stream");
  return loadFromBytes(std::move(bytes), extraFiles);
}

}  // namespace ember::jit
