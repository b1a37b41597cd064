// Version record, byte order record and archive pickles (see archive_reader.h).
#include "ember/serialization/archive_reader.h"

#include "ember/error.h"

namespace ember::jit {

namespace {

std::string_view trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

int64_t parseVersion(const std::string& text) {
  std::string_view s = trim(text);
  bool negative = !s.empty() && s.front() == '-';
  if (negative) s.remove_prefix(1);
  EMBER_CHECK(!s.empty() && s.size() <= 18 && s.find_first_not_of("0123456789") == std::string_view::npos,
              "couldn't parse the version number '", text, "' of the archive");
  int64_t v = std::stoll(std::string(s));
  return negative ? -v : v;
}

}  // namespace

int64_t readArchiveVersion(const ZipReader& reader) {
  const char* name = reader.hasRecord(".data/version") ? ".data/version" : "version";
  EMBER_CHECK(reader.hasRecord(name), "archive '", reader.rootName(), "' has no version record (", reader.rootName(),
              "/version); it is not a PyTorch archive");
  EMBER_CHECK(reader.recordSize(name) <= 64, "archive version record is too long");
  int64_t version = parseVersion(reader.readRecord(name));
  EMBER_CHECK(version >= kMinSupportedFileFormatVersion,
              "Attempted to read a PyTorch file with version ", version,
              ", but the minimum supported version for reading is ", kMinSupportedFileFormatVersion, ".");
  EMBER_CHECK(version <= kMaxSupportedFileFormatVersion,
              "Attempted to read a PyTorch file with version ", version,
              ", but the maximum supported version for reading is ", kMaxSupportedFileFormatVersion,
              ". The file was written by a newer PyTorch.");
  return version;
}

void checkArchiveByteOrder(const ZipReader& reader) {
  if (!reader.hasRecord("byteorder")) return;
  EMBER_CHECK(reader.recordSize("byteorder") <= 64, "archive byteorder record is too long");
  std::string order(trim(reader.readRecord("byteorder")));
  EMBER_CHECK(order == "little", "archive has byte order '", order,
              "'; only little-endian tensor data is supported");
}

IValue readArchivePickle(const ZipReader& reader, const std::string& pickleName, const std::string& tensorFolder,
                         StorageContext& storages, UnpicklerOptions options) {
  std::string bytes = reader.readRecord(pickleName);
  options.storageLoader = storages.loaderFor(tensorFolder);
  try {
    return unpickle(bytes, options);
  } catch (const Error& e) {
    throw Error("while reading " + reader.rootName() + "/" + pickleName + ": " + e.message(), e.kind());
  }
}

}  // namespace ember::jit
