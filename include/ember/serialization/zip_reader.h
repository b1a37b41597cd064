// ZipReader: reads the zip container PyTorch writes for torch.save and torch.jit.save archives
// (FORMATS.md §1): classic and zip64 end records, stored and deflated entries, one top-level
// folder `<root>/` taken from the first entry. Files are memory-mapped, so a stored record (all
// tensor data) can be handed out as a Storage that points into the mapping without a copy.
//
// The input is untrusted: every offset and size is bounds-checked against the file, and a bad
// archive raises ember::Error naming what is wrong.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ember/tensor/storage.h"

namespace ember::jit {

// One entry of the central directory, with its payload located.
struct ZipEntry {
  std::string name;            // full name, `<root>/...`
  uint16_t method = 0;         // 0 stored, 8 deflated
  uint32_t crc32 = 0;
  uint64_t compressedSize = 0;
  uint64_t uncompressedSize = 0;
  uint64_t headerOffset = 0;   // of the local header
  uint64_t dataOffset = 0;     // first payload byte
};

class ZipReader {
 public:
  // Maps the file at `path` (read-only on disk; pages written through a tensor are private
  // copies). Throws if it cannot be opened or is not a valid archive.
  static ZipReader open(const std::string& path);
  // Takes the archive bytes (e.g. an archive received over the network).
  static ZipReader fromBytes(std::string bytes);

  // The archive's root folder (text before the first '/' of the first entry).
  const std::string& rootName() const { return root_; }
  // Records are named relative to the root: "data.pkl", "data/0", "code/__torch__.py".
  bool hasRecord(std::string_view name) const;
  // Relative names of the records under the root, in archive order.
  std::vector<std::string> recordNames() const;
  // Every entry of the central directory (including ones outside the root), in archive order.
  const std::vector<ZipEntry>& entries() const { return entries_; }
  // Uncompressed size of a record; throws if absent.
  uint64_t recordSize(std::string_view name) const;
  // The record's bytes (inflated if needed, CRC-32 checked).
  std::string readRecord(std::string_view name) const;
  // The record's bytes as a Storage: a view into the mapping when the record is stored and its
  // payload is 64-byte aligned (what PyTorch writes), otherwise a copy.
  Storage recordStorage(std::string_view name) const;

  // Total archive size in bytes.
  size_t size() const { return size_; }

 private:
  struct Buffer;
  ZipReader(std::shared_ptr<const Buffer> buffer);
  void parse();
  const ZipEntry& entry(std::string_view name) const;
  std::string_view payload(const ZipEntry& e) const;

  std::shared_ptr<const Buffer> buffer_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  std::string root_;
  std::vector<ZipEntry> entries_;
  std::unordered_map<std::string, size_t> byName_;  // relative name -> index in entries_
};

// CRC-32 (the zip polynomial) of a byte range, continuing from `crc`.
uint32_t crc32Update(uint32_t crc, const void* data, size_t size);

}  // namespace ember::jit
