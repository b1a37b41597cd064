// The zip reader (see zip_reader.h and FORMATS.md §1). Parsing goes from the end: the classic
// end record, the zip64 locator and end record when present, then the central directory. The
// sizes in local headers are ignored (PyTorch writes zeros there and puts the real values in
// data descriptors and the central directory); a local header is read only to find where its
// payload starts.
#include "ember/serialization/zip_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "ember/error.h"
#include "serialization/byte_io.h"

namespace ember::jit {

using detail::loadLE;

namespace {

constexpr uint32_t kLocalHeaderSig = 0x04034b50;
constexpr uint32_t kCentralHeaderSig = 0x02014b50;
constexpr uint32_t kEndSig = 0x06054b50;
constexpr uint32_t kZip64EndSig = 0x06064b50;
constexpr uint32_t kZip64LocatorSig = 0x07064b50;
constexpr size_t kEndSize = 22;
constexpr size_t kZip64EndSize = 56;
constexpr size_t kZip64LocatorSize = 20;
constexpr size_t kCentralHeaderSize = 46;
constexpr size_t kLocalHeaderSize = 30;
constexpr uint32_t kSaturated32 = 0xFFFFFFFF;
// Deflate cannot expand data by more than about 1032:1; anything claiming more is corrupt, and
// this bound keeps allocations proportional to the file size.
constexpr uint64_t kMaxDeflateRatio = 1032;
constexpr size_t kStorageAlignment = 64;

// Reads fields from [begin, end) with bounds checks; `what` names the structure in errors.
class Cursor {
 public:
  Cursor(const uint8_t* base, uint64_t begin, uint64_t end, const char* what)
      : base_(base), pos_(begin), end_(end), what_(what) {}
  template <typename T>
  T read() {
    need(sizeof(T));
    T v = loadLE<T>(base_ + pos_);
    pos_ += sizeof(T);
    return v;
  }
  void skip(uint64_t n) {
    need(n);
    pos_ += n;
  }
  std::string_view bytes(uint64_t n) {
    need(n);
    std::string_view s(reinterpret_cast<const char*>(base_ + pos_), n);
    pos_ += n;
    return s;
  }
  uint64_t pos() const { return pos_; }
  uint64_t remaining() const { return end_ - pos_; }

 private:
  void need(uint64_t n) const {
    EMBER_CHECK(n <= end_ - pos_, "invalid zip archive: ", what_, " at offset ", pos_, " is truncated");
  }
  const uint8_t* base_;
  uint64_t pos_;
  uint64_t end_;
  const char* what_;
};

// Values of a zip64 extra field (id 1): each is present only if the 32-bit field was saturated.
void applyZip64Extra(std::string_view extra, bool sizeSat, bool compSat, bool offsetSat, ZipEntry& e) {
  auto* p = reinterpret_cast<const uint8_t*>(extra.data());
  Cursor c(p, 0, extra.size(), "extra field");
  while (c.remaining() >= 4) {
    auto id = c.read<uint16_t>();
    auto len = c.read<uint16_t>();
    EMBER_CHECK(len <= c.remaining(), "invalid zip archive: extra field of entry '", e.name, "' is truncated");
    if (id != 1) {
      c.skip(len);
      continue;
    }
    Cursor z(p, c.pos(), c.pos() + len, "zip64 extra field");
    if (sizeSat) e.uncompressedSize = z.read<uint64_t>();
    if (compSat) e.compressedSize = z.read<uint64_t>();
    if (offsetSat) e.headerOffset = z.read<uint64_t>();
    return;
  }
  EMBER_CHECK(!sizeSat && !compSat && !offsetSat, "invalid zip archive: entry '", e.name,
              "' needs a zip64 extra field but has none");
}

std::string inflateRaw(std::string_view in, uint64_t expected, const std::string& name) {
  if (expected == 0) return {};
  std::string out(expected, '\0');
  z_stream zs{};
  EMBER_CHECK(inflateInit2(&zs, -MAX_WBITS) == Z_OK, "zlib: inflateInit2 failed");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  uint64_t inLeft = in.size(), outLeft = expected;
  constexpr uint64_t kChunk = uint64_t{1} << 30;  // zlib counts in 32-bit units
  int rc = Z_OK;
  for (;;) {
    if (zs.avail_in == 0 && inLeft > 0) {
      zs.avail_in = static_cast<uInt>(std::min(inLeft, kChunk));
      inLeft -= zs.avail_in;
    }
    if (zs.avail_out == 0 && outLeft > 0) {
      zs.avail_out = static_cast<uInt>(std::min(outLeft, kChunk));
      outLeft -= zs.avail_out;
    }
    rc = inflate(&zs, Z_NO_FLUSH);
    if (rc != Z_OK) break;  // Z_STREAM_END, or an error / no progress possible
  }
  uint64_t produced = zs.total_out;
  inflateEnd(&zs);
  EMBER_CHECK(rc == Z_STREAM_END && produced == expected, "invalid zip archive: entry '", name,
              "' has a corrupt deflate stream or a wrong size");
  return out;
}

}  // namespace

uint32_t crc32Update(uint32_t crc, const void* data, size_t size) {
  return static_cast<uint32_t>(crc32_z(crc, static_cast<const Bytef*>(data), size));
}

struct ZipReader::Buffer {
  std::string owned;
  void* map = nullptr;
  size_t mapSize = 0;
  const uint8_t* data = nullptr;
  size_t size = 0;
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() {
    if (map) munmap(map, mapSize);
  }
};

ZipReader::ZipReader(std::shared_ptr<const Buffer> buffer)
    : buffer_(std::move(buffer)), data_(buffer_->data), size_(buffer_->size) {
  parse();
}

namespace {

// The first call reads every weight, and took a fault per 64 KiB of them (page-cache hits, ~180
// for mobilenet_v2's first call); mapping the pages here costs the load less. Read-only
// population (Linux 5.14): MAP_POPULATE on a private writable mapping would copy every page.
// Where the kernel lacks it, the pages fault in on first use as before.
void populateForReading(void* p, size_t bytes) {
#ifndef MADV_POPULATE_READ
  constexpr int MADV_POPULATE_READ = 22;
#endif
  (void)madvise(p, bytes, MADV_POPULATE_READ);
}

}  // namespace

ZipReader ZipReader::open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  EMBER_CHECK(fd >= 0, "cannot open '", path, "': ", std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    EMBER_ERROR("cannot read '", path, "': not a regular file");
  }
  auto buffer = std::make_shared<Buffer>();
  buffer->size = static_cast<size_t>(st.st_size);
  if (buffer->size > 0) {
    // Private and writable: tensors that view the mapping may be modified in place, which
    // copies the touched pages and never writes to the file.
    void* p = mmap(nullptr, buffer->size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    int err = errno;
    ::close(fd);
    EMBER_CHECK(p != MAP_FAILED, "cannot map '", path, "': ", std::strerror(err));
    populateForReading(p, buffer->size);
    buffer->map = p;
    buffer->mapSize = buffer->size;
    buffer->data = static_cast<const uint8_t*>(p);
  } else {
    ::close(fd);
  }
  return ZipReader(std::move(buffer));
}

ZipReader ZipReader::fromBytes(std::string bytes) {
  auto buffer = std::make_shared<Buffer>();
  buffer->owned = std::move(bytes);
  buffer->data = reinterpret_cast<const uint8_t*>(buffer->owned.data());
  buffer->size = buffer->owned.size();
  return ZipReader(std::move(buffer));
}

void ZipReader::parse() {
  EMBER_CHECK(size_ >= kEndSize, "invalid zip archive: ", size_, " bytes is too small for a zip file");
  // The end record is the last 22 bytes unless there is an archive comment (PyTorch never
  // writes one, other tools may), so search backwards over the largest possible comment.
  uint64_t eocd = UINT64_MAX;
  uint64_t lowest = size_ - kEndSize > 0xFFFF ? size_ - kEndSize - 0xFFFF : 0;
  for (uint64_t pos = size_ - kEndSize + 1; pos-- > lowest;) {
    if (loadLE<uint32_t>(data_ + pos) == kEndSig && pos + kEndSize + loadLE<uint16_t>(data_ + pos + 20) <= size_) {
      eocd = pos;
      break;
    }
  }
  EMBER_CHECK(eocd != UINT64_MAX, "invalid zip archive: no end of central directory record");
  Cursor end(data_, eocd + 8, eocd + kEndSize, "end record");
  end.skip(2);
  uint64_t count = end.read<uint16_t>();
  uint64_t cdSize = end.read<uint32_t>();
  uint64_t cdOffset = end.read<uint32_t>();
  if (eocd >= kZip64LocatorSize && loadLE<uint32_t>(data_ + eocd - kZip64LocatorSize) == kZip64LocatorSig) {
    uint64_t z64 = loadLE<uint64_t>(data_ + eocd - kZip64LocatorSize + 8);
    EMBER_CHECK(z64 <= size_ && size_ - z64 >= kZip64EndSize && loadLE<uint32_t>(data_ + z64) == kZip64EndSig,
                "invalid zip archive: bad zip64 end of central directory locator");
    Cursor z(data_, z64 + 32, z64 + kZip64EndSize, "zip64 end record");
    count = z.read<uint64_t>();
    cdSize = z.read<uint64_t>();
    cdOffset = z.read<uint64_t>();
  }
  EMBER_CHECK(cdOffset <= size_ && cdSize <= size_ - cdOffset, "invalid zip archive: central directory (offset ",
              cdOffset, ", size ", cdSize, ") lies outside the ", size_, "-byte file");
  EMBER_CHECK(count <= cdSize / kCentralHeaderSize, "invalid zip archive: ", count,
              " entries cannot fit in a central directory of ", cdSize, " bytes");
  EMBER_CHECK(count > 0, "invalid zip archive: it has no entries");

  Cursor cd(data_, cdOffset, cdOffset + cdSize, "central directory");
  entries_.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t start = cd.pos();
    EMBER_CHECK(cd.read<uint32_t>() == kCentralHeaderSig, "invalid zip archive: bad central directory header at offset ",
                start);
    cd.skip(4);  // version made by, version needed
    auto flags = cd.read<uint16_t>();
    ZipEntry e;
    e.method = cd.read<uint16_t>();
    cd.skip(4);  // time, date
    e.crc32 = cd.read<uint32_t>();
    uint32_t comp = cd.read<uint32_t>();
    uint32_t uncomp = cd.read<uint32_t>();
    auto nameLen = cd.read<uint16_t>();
    auto extraLen = cd.read<uint16_t>();
    auto commentLen = cd.read<uint16_t>();
    cd.skip(8);  // disk, internal and external attributes
    uint32_t offset = cd.read<uint32_t>();
    e.name = std::string(cd.bytes(nameLen));
    std::string_view extra = cd.bytes(extraLen);
    cd.skip(commentLen);
    e.compressedSize = comp;
    e.uncompressedSize = uncomp;
    e.headerOffset = offset;
    applyZip64Extra(extra, uncomp == kSaturated32, comp == kSaturated32, offset == kSaturated32, e);
    EMBER_CHECK((flags & 1) == 0, "zip entry '", e.name, "' is encrypted, which is not supported");
    EMBER_CHECK(e.method == 0 || e.method == 8, "zip entry '", e.name, "' uses compression method ", e.method,
                "; only stored (0) and deflate (8) are supported");

    Cursor local(data_, e.headerOffset <= size_ ? e.headerOffset : size_, size_, "local file header");
    EMBER_CHECK(local.read<uint32_t>() == kLocalHeaderSig, "invalid zip archive: entry '", e.name,
                "' has no local file header at offset ", e.headerOffset);
    local.skip(22);
    uint64_t localName = local.read<uint16_t>();
    uint64_t localExtra = local.read<uint16_t>();
    local.skip(localName + localExtra);
    e.dataOffset = e.headerOffset + kLocalHeaderSize + localName + localExtra;
    EMBER_CHECK(e.compressedSize <= size_ - e.dataOffset, "invalid zip archive: entry '", e.name, "' (",
                e.compressedSize, " bytes at offset ", e.dataOffset, ") extends past the end of the file");
    if (e.method == 0) {
      EMBER_CHECK(e.compressedSize == e.uncompressedSize, "invalid zip archive: stored entry '", e.name,
                  "' has different compressed and uncompressed sizes");
    } else {
      EMBER_CHECK(e.uncompressedSize <= e.compressedSize * kMaxDeflateRatio + 64, "invalid zip archive: entry '",
                  e.name, "' claims ", e.uncompressedSize, " bytes from ", e.compressedSize, " deflated bytes");
    }
    entries_.push_back(std::move(e));
  }

  const std::string& first = entries_.front().name;
  size_t slash = first.find('/');
  EMBER_CHECK(slash != std::string::npos, "file in archive is not in a subdirectory: ", first);
  root_ = first.substr(0, slash);
  std::string prefix = root_ + "/";
  for (size_t i = 0; i < entries_.size(); ++i) {
    const std::string& name = entries_[i].name;
    if (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0)
      byName_.emplace(name.substr(prefix.size()), i);  // the first of duplicate names wins
  }
}

bool ZipReader::hasRecord(std::string_view name) const { return byName_.count(std::string(name)) != 0; }

std::vector<std::string> ZipReader::recordNames() const {
  std::vector<std::pair<size_t, std::string>> byIndex;
  byIndex.reserve(byName_.size());
  for (const auto& [name, index] : byName_) byIndex.emplace_back(index, name);
  std::sort(byIndex.begin(), byIndex.end());
  std::vector<std::string> names;
  names.reserve(byIndex.size());
  for (auto& p : byIndex) names.push_back(std::move(p.second));
  return names;
}

const ZipEntry& ZipReader::entry(std::string_view name) const {
  auto it = byName_.find(std::string(name));
  EMBER_CHECK(it != byName_.end(), "archive has no record '", root_, "/", name, "'");
  return entries_[it->second];
}

uint64_t ZipReader::recordSize(std::string_view name) const { return entry(name).uncompressedSize; }

std::string_view ZipReader::payload(const ZipEntry& e) const {
  return std::string_view(reinterpret_cast<const char*>(data_ + e.dataOffset), e.compressedSize);
}

std::string ZipReader::readRecord(std::string_view name) const {
  const ZipEntry& e = entry(name);
  std::string out = e.method == 0 ? std::string(payload(e)) : inflateRaw(payload(e), e.uncompressedSize, e.name);
  EMBER_CHECK(crc32Update(0, out.data(), out.size()) == e.crc32, "invalid zip archive: CRC-32 mismatch in entry '",
              e.name, "'");
  return out;
}

Storage ZipReader::recordStorage(std::string_view name) const {
  const ZipEntry& e = entry(name);
  if (e.uncompressedSize == 0) return Storage::allocate(0);
  const uint8_t* p = data_ + e.dataOffset;
  if (e.method == 0 && reinterpret_cast<uintptr_t>(p) % kStorageAlignment == 0) {
    // Zero copy: the storage keeps the whole mapping alive. The CRC is not checked here, since
    // that would read every page of the tensor data up front.
    return Storage::wrap(const_cast<uint8_t*>(p), e.uncompressedSize, [keep = buffer_] {});
  }
  std::string bytes = readRecord(name);
  Storage s = Storage::allocate(bytes.size());
  std::memcpy(s.data(), bytes.data(), bytes.size());
  return s;
}

}  // namespace ember::jit
