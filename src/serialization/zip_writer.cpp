// The zip writer (see zip_writer.h). The layout rules, byte for byte, are those FORMATS.md §1
// measured on PyTorch 1.13's output; tests compare against an independent writer of the same
// rules and check that PyTorch loads the result.
#include "ember/serialization/zip_writer.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "ember/error.h"
#include "ember/serialization/zip_reader.h"
#include "serialization/byte_io.h"

namespace ember::jit {

using detail::appendLE;

namespace {

constexpr uint64_t kSaturated32 = 0xFFFFFFFF;
constexpr uint64_t kAlignment = 64;
constexpr uint16_t kPaddingFieldId = 0x4246;  // "FB"
constexpr uint16_t kFlagsWithDescriptor = 0x0808;  // sizes in a data descriptor, UTF-8 name
constexpr uint16_t kFlagsEmpty = 0x0800;

std::string deflateRaw(const void* data, size_t size) {
  EMBER_CHECK(size < (size_t{1} << 31), "ZipWriter: records over 2 GiB cannot be compressed");
  z_stream zs{};
  EMBER_CHECK(deflateInit2(&zs, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK,
              "zlib: deflateInit2 failed");
  std::string out(deflateBound(&zs, size), '\0');
  zs.next_in = static_cast<Bytef*>(const_cast<void*>(data));
  zs.avail_in = static_cast<uInt>(size);
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  EMBER_CHECK(rc == Z_STREAM_END, "zlib: deflate failed");
  return out;
}

}  // namespace

std::string ZipWriter::rootNameForPath(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  size_t dot = base.find_last_of('.');
  std::string root = dot == std::string::npos ? base : base.substr(0, dot);
  EMBER_CHECK(!root.empty(), "invalid file name: ", path);
  return root;
}

ZipWriter::ZipWriter(const std::string& path) : path_(path), root_(rootNameForPath(path)) {
  file_ = std::fopen(path.c_str(), "wb");
  EMBER_CHECK(file_, "cannot open '", path, "' for writing: ", std::strerror(errno));
}

ZipWriter::ZipWriter(Sink sink, std::string root) : sink_(std::move(sink)), root_(std::move(root)) {
  EMBER_CHECK(!root_.empty() && root_.find('/') == std::string::npos, "ZipWriter: invalid root folder '", root_, "'");
}

ZipWriter::~ZipWriter() {
  try {
    if (!finalized_) writeEndOfFile();
  } catch (const std::exception&) {
  }
  if (file_) std::fclose(file_);
}

void ZipWriter::emit(const void* data, size_t size) {
  if (size == 0) return;
  if (file_) {
    EMBER_CHECK(std::fwrite(data, 1, size, file_) == size, "error writing '", path_, "': ", std::strerror(errno));
  } else {
    sink_(data, size);
  }
  offset_ += size;
}

void ZipWriter::writeRecord(std::string_view name, const void* data, size_t size, bool compress) {
  EMBER_CHECK(!finalized_, "ZipWriter: cannot write record '", name, "' after the end of the archive");
  EMBER_CHECK(names_.insert(std::string(name)).second, "ZipWriter: duplicate record name '", name, "'");
  std::string fullName = root_ + "/" + std::string(name);
  EMBER_CHECK(fullName.size() <= 0xFFFF, "ZipWriter: record name too long: ", name);

  uint32_t crc = crc32Update(0, data, size);
  std::string deflated;
  const void* payload = data;
  uint64_t payloadSize = size;
  uint16_t method = 0, versionNeeded = 0;
  if (compress) {
    deflated = deflateRaw(data, size);
    payload = deflated.data();
    payloadSize = deflated.size();
    method = 8;
    versionNeeded = 20;
  }
  uint64_t offset = offset_;
  bool bigSize = size >= kSaturated32 || payloadSize >= kSaturated32;
  bool bigOffset = offset >= kSaturated32;
  uint16_t flags = size ? kFlagsWithDescriptor : kFlagsEmpty;

  // Local header extras: a zip64 field (the real size for a huge record, or the header's own
  // offset for one that starts past 4 GiB), then the padding field that aligns the payload.
  std::string extra;
  if (bigSize) {
    appendLE<uint16_t>(extra, 1);
    appendLE<uint16_t>(extra, 16);
    appendLE<uint64_t>(extra, size);
    appendLE<uint64_t>(extra, 0);
  } else if (bigOffset) {
    appendLE<uint16_t>(extra, 1);
    appendLE<uint16_t>(extra, 8);
    appendLE<uint64_t>(extra, offset);
  }
  uint64_t pad = (kAlignment - (offset + 30 + fullName.size() + extra.size() + 4) % kAlignment) % kAlignment;
  appendLE<uint16_t>(extra, kPaddingFieldId);
  appendLE<uint16_t>(extra, static_cast<uint16_t>(pad));
  extra.append(pad, 'Z');

  std::string header;
  appendLE<uint32_t>(header, 0x04034b50);
  appendLE<uint16_t>(header, versionNeeded);
  appendLE<uint16_t>(header, flags);
  appendLE<uint16_t>(header, method);
  appendLE<uint32_t>(header, 0);  // time, date
  appendLE<uint32_t>(header, 0);  // CRC-32 and sizes are in the descriptor
  appendLE<uint32_t>(header, 0);
  appendLE<uint32_t>(header, 0);
  appendLE<uint16_t>(header, static_cast<uint16_t>(fullName.size()));
  appendLE<uint16_t>(header, static_cast<uint16_t>(extra.size()));
  header += fullName;
  header += extra;
  emit(header);
  emit(payload, payloadSize);

  if (size) {
    std::string descriptor;
    appendLE<uint32_t>(descriptor, 0x08074b50);
    appendLE<uint32_t>(descriptor, crc);
    if (bigSize || bigOffset) {
      appendLE<uint64_t>(descriptor, payloadSize);
      appendLE<uint64_t>(descriptor, size);
    } else {
      appendLE<uint32_t>(descriptor, static_cast<uint32_t>(payloadSize));
      appendLE<uint32_t>(descriptor, static_cast<uint32_t>(size));
    }
    emit(descriptor);
  }

  std::string cdExtra;
  if (bigSize) {
    appendLE<uint64_t>(cdExtra, size);
    appendLE<uint64_t>(cdExtra, payloadSize);
  }
  if (bigOffset) appendLE<uint64_t>(cdExtra, offset);
  if (!cdExtra.empty()) {
    std::string field;
    appendLE<uint16_t>(field, 1);
    appendLE<uint16_t>(field, static_cast<uint16_t>(cdExtra.size()));
    cdExtra = field + cdExtra;
  }
  std::string& cd = centralDirectory_;
  appendLE<uint32_t>(cd, 0x02014b50);
  appendLE<uint16_t>(cd, 0);  // version made by
  appendLE<uint16_t>(cd, versionNeeded);
  appendLE<uint16_t>(cd, flags);
  appendLE<uint16_t>(cd, method);
  appendLE<uint32_t>(cd, 0);  // time, date
  appendLE<uint32_t>(cd, crc);
  appendLE<uint32_t>(cd, bigSize ? static_cast<uint32_t>(kSaturated32) : static_cast<uint32_t>(payloadSize));
  appendLE<uint32_t>(cd, bigSize ? static_cast<uint32_t>(kSaturated32) : static_cast<uint32_t>(size));
  appendLE<uint16_t>(cd, static_cast<uint16_t>(fullName.size()));
  appendLE<uint16_t>(cd, static_cast<uint16_t>(cdExtra.size()));
  appendLE<uint16_t>(cd, 0);  // comment length
  appendLE<uint16_t>(cd, 0);  // disk
  appendLE<uint16_t>(cd, 0);  // internal attributes
  appendLE<uint32_t>(cd, 0);  // external attributes
  appendLE<uint32_t>(cd, bigOffset ? static_cast<uint32_t>(kSaturated32) : static_cast<uint32_t>(offset));
  cd += fullName;
  cd += cdExtra;
  ++count_;
}

void ZipWriter::writeEndOfFile() {
  EMBER_CHECK(!finalized_, "ZipWriter: the archive is already finished");
  finalized_ = true;
  uint64_t cdOffset = offset_;
  emit(centralDirectory_);
  uint64_t zip64End = offset_;
  std::string tail;
  appendLE<uint32_t>(tail, 0x06064b50);
  appendLE<uint64_t>(tail, 44);
  appendLE<uint16_t>(tail, 0x031E);
  appendLE<uint16_t>(tail, 45);
  appendLE<uint32_t>(tail, 0);
  appendLE<uint32_t>(tail, 0);
  appendLE<uint64_t>(tail, count_);
  appendLE<uint64_t>(tail, count_);
  appendLE<uint64_t>(tail, centralDirectory_.size());
  appendLE<uint64_t>(tail, cdOffset);
  appendLE<uint32_t>(tail, 0x07064b50);
  appendLE<uint32_t>(tail, 0);
  appendLE<uint64_t>(tail, zip64End);
  appendLE<uint32_t>(tail, 1);
  appendLE<uint32_t>(tail, 0x06054b50);
  appendLE<uint16_t>(tail, 0);
  appendLE<uint16_t>(tail, 0);
  appendLE<uint16_t>(tail, static_cast<uint16_t>(std::min<uint64_t>(count_, 0xFFFF)));
  appendLE<uint16_t>(tail, static_cast<uint16_t>(std::min<uint64_t>(count_, 0xFFFF)));
  appendLE<uint32_t>(tail, static_cast<uint32_t>(std::min<uint64_t>(centralDirectory_.size(), kSaturated32)));
  appendLE<uint32_t>(tail, static_cast<uint32_t>(std::min<uint64_t>(cdOffset, kSaturated32)));
  appendLE<uint16_t>(tail, 0);
  emit(tail);
  if (file_) {
    int rc = std::fclose(file_);
    file_ = nullptr;
    EMBER_CHECK(rc == 0, "error writing '", path_, "': ", std::strerror(errno));
  }
}

}  // namespace ember::jit
