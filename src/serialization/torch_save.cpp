// torch.save-format files (see torch_save.h). Layout written: `data.pkl`, then the storages as
// `data/<key>` in string order of their keys, then `version` = "3\n" (FORMATS.md §6.1).
#include "ember/serialization/torch_save.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "ember/error.h"
#include "ember/serialization/archive_reader.h"
#include "ember/serialization/archive_writer.h"
#include "ember/serialization/pickler.h"
#include "ember/serialization/zip_reader.h"
#include "ember/serialization/zip_writer.h"

namespace ember::jit {

namespace {

constexpr int64_t kTorchSaveVersion = 3;

// torch.save's legacy format starts with a pickled magic number instead of a zip header.
constexpr unsigned char kLegacyMagic[] = {0x80, 0x02, 0x8A, 0x0A, 0x6C, 0xFC, 0x9C, 0x46, 0xF9, 0x20, 0x6A, 0xA8, 0x50, 0x19};

void checkZipSignature(const void* data, size_t size, const std::string& what) {
  if (size >= 4 && std::memcmp(data, "PK\x03\x04", 4) == 0) return;
  EMBER_CHECK(!(size >= sizeof(kLegacyMagic) && std::memcmp(data, kLegacyMagic, sizeof(kLegacyMagic)) == 0), what,
              " is in torch.save's legacy format (_use_new_zipfile_serialization=False), which ember does not read;"
              " re-save it with a current torch.save");
  EMBER_ERROR(what, " is not a torch.save archive (it does not start with a zip header)");
}

IValue load(const ZipReader& reader) {
  EMBER_CHECK(!reader.hasRecord("constants.pkl"), "this is a TorchScript archive (torch.jit.save); load it with "
              "ember::jit::load");
  readArchiveVersion(reader);
  checkArchiveByteOrder(reader);
  StorageContext storages(reader);
  return readArchivePickle(reader, "data.pkl", "data", storages);
}

void save(const IValue& value, ZipWriter& writer) {
  std::vector<PickledStorage> storages;
  std::string bytes = pickle(value, storages);
  writer.writeRecord("data.pkl", bytes.data(), bytes.size());
  std::vector<const PickledStorage*> order;
  for (const auto& s : storages) order.push_back(&s);
  std::sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->key < b->key; });
  for (const PickledStorage* s : order)
    writer.writeRecord("data/" + s->key, s->storage.defined() ? s->storage.data() : nullptr, s->nbytes());
  writeArchiveVersion(writer, kTorchSaveVersion);
  writer.writeEndOfFile();
}

}  // namespace

IValue pickleLoad(const std::string& path) {
  // Look at the first bytes before parsing, so that other formats get a precise error.
  unsigned char head[sizeof(kLegacyMagic)] = {};
  size_t got = 0;
  if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
    got = std::fread(head, 1, sizeof(head), f);
    std::fclose(f);
  } else {
    EMBER_ERROR("cannot open '", path, "': ", std::strerror(errno));
  }
  checkZipSignature(head, got, "'" + path + "'");
  return load(ZipReader::open(path));
}

IValue pickleLoadFromBytes(std::string bytes) {
  checkZipSignature(bytes.data(), bytes.size(), "the data");
  return load(ZipReader::fromBytes(std::move(bytes)));
}

void pickleSave(const IValue& value, const std::string& path) {
  ZipWriter writer(path);
  save(value, writer);
}

std::string pickleSaveToBytes(const IValue& value) {
  std::string out;
  ZipWriter writer([&out](const void* data, size_t size) { out.append(static_cast<const char*>(data), size); });
  save(value, writer);
  return out;
}

}  // namespace ember::jit
