// libFuzzer target: saved exported programs (.pt2e) are untrusted. The input is the text of
// program.json, wrapped in an archive with an empty tensor dict; any input must load or raise
// ember::Error, never crash, hang or allocate without bound.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ember/core/ivalue.h"
#include "ember/error.h"
#include "ember/export/serialize.h"
#include "ember/serialization/archive_writer.h"
#include "ember/serialization/zip_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string archive;
  {
    ember::jit::ZipWriter w([&](const void* d, size_t n) { archive.append(static_cast<const char*>(d), n); },
                            "archive");
    w.writeRecord("program.json", data, size);
    std::vector<ember::jit::PickledStorage> storages;
    auto empty = ember::jit::DictImpl::create(ember::jit::StringType::get(), ember::jit::TensorType::get());
    ember::jit::writeArchivePickle(w, "data.pkl", "data", ember::jit::IValue(empty), storages);
    w.writeEndOfFile();
  }
  try {
    ember::exporter::loadFromBytes(std::move(archive));
  } catch (const ember::Error&) {
  }
  return 0;
}
