// ZipWriter: writes the zip container exactly as PyTorch 1.13 does (FORMATS.md §1, §8.2): every
// payload 64-byte aligned through an `FB` padding extra field, data descriptors, zip64 fields for
// records or offsets past 4 GiB, and a zip64 end record always. Records are named relative to
// the root folder, which is the file's stem (`model.pt` -> `model`) or `archive` for a stream.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <string_view>

namespace ember::jit {

class ZipWriter {
 public:
  // Receives the archive bytes in order.
  using Sink = std::function<void(const void* data, size_t size)>;

  // Creates (or truncates) the file at `path`.
  explicit ZipWriter(const std::string& path);
  // Writes to `sink` with root folder `root` (torch.save to a buffer uses `archive`).
  explicit ZipWriter(Sink sink, std::string root = "archive");
  ZipWriter(const ZipWriter&) = delete;
  ZipWriter& operator=(const ZipWriter&) = delete;
  // Finishes the archive if writeEndOfFile() was not called (errors are swallowed there; call
  // writeEndOfFile() to see them).
  ~ZipWriter();

  // Appends `<root>/<name>`. With `compress`, the payload is raw-deflated (PyTorch does this only
  // for code files larger than 200 bytes). Names must be unique.
  void writeRecord(std::string_view name, const void* data, size_t size, bool compress = false);
  // Writes the central directory and end records and closes the file.
  void writeEndOfFile();

  const std::string& rootName() const { return root_; }
  bool finalized() const { return finalized_; }
  // Bytes written so far.
  uint64_t offset() const { return offset_; }

  // The root folder PyTorch derives from a file name: the last path component cut at its last
  // '.' (`my.model.v1.pt` -> `my.model.v1`, `noext` -> `noext`). Throws "invalid file name" when
  // nothing is left (`.pt`).
  static std::string rootNameForPath(const std::string& path);

 private:
  void emit(const void* data, size_t size);
  void emit(const std::string& bytes) { emit(bytes.data(), bytes.size()); }

  Sink sink_;
  std::FILE* file_ = nullptr;
  std::string path_;
  std::string root_;
  std::string centralDirectory_;
  std::set<std::string, std::less<>> names_;
  uint64_t offset_ = 0;
  uint64_t count_ = 0;
  bool finalized_ = false;
};

}  // namespace ember::jit
