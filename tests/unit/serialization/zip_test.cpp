// Zip reader and writer. Layout expectations are the facts FORMATS.md §1 measured on PyTorch's
// files (the worked example of §1.9 is checked byte for byte); contents are checked by round
// trip; hostile archives must give ember::Error.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "ember/error.h"
#include "ember/serialization/zip_reader.h"
#include "ember/serialization/zip_writer.h"
#include "serialization/byte_io.h"

namespace ember::jit {
namespace {

using detail::loadLE;

std::string writeArchive(const std::vector<std::pair<std::string, std::string>>& records, bool compressAll = false) {
  std::string out;
  ZipWriter w([&](const void* d, size_t n) { out.append(static_cast<const char*>(d), n); });
  for (const auto& [name, data] : records) w.writeRecord(name, data.data(), data.size(), compressAll);
  w.writeEndOfFile();
  return out;
}

TEST(ZipWriter, FirstHeaderMatchesPyTorchByteForByte) {
  // FORMATS.md §1.9: torch.save(tensor, "sv_tensor.pt") starts with this header and padding.
  const unsigned char expected[64] = {
      0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x12, 0x00, 0x10, 0x00, 's',  'v',
      '_',  't',  'e',  'n',  's',  'o',  'r',  '/',  'd',  'a',  't',  'a',  '.',  'p',  'k',  'l',
      0x46, 0x42, 0x0c, 0x00, 'Z',  'Z',  'Z',  'Z',  'Z',  'Z',  'Z',  'Z',  'Z',  'Z',  'Z',  'Z'};
  std::string path = (std::filesystem::temp_directory_path() / "sv_tensor.pt").string();
  {
    ZipWriter w(path);
    EXPECT_EQ(w.rootName(), "sv_tensor");
    std::string pkl(80, 'x');
    w.writeRecord("data.pkl", pkl.data(), pkl.size());
    w.writeEndOfFile();
  }
  ZipReader r = ZipReader::open(path);
  ASSERT_GE(r.size(), 64u);
  std::FILE* f = std::fopen(path.c_str(), "rb");
  unsigned char head[64];
  ASSERT_EQ(std::fread(head, 1, 64, f), 64u);
  std::fclose(f);
  EXPECT_EQ(std::memcmp(head, expected, 64), 0);
  std::filesystem::remove(path);
}

TEST(ZipWriter, RootNamesFollowTorchSave) {
  EXPECT_EQ(ZipWriter::rootNameForPath("model.pt"), "model");
  EXPECT_EQ(ZipWriter::rootNameForPath("my.model.v1.pt"), "my.model.v1");
  EXPECT_EQ(ZipWriter::rootNameForPath("noext"), "noext");
  EXPECT_EQ(ZipWriter::rootNameForPath("archive.tar.gz"), "archive.tar");
  EXPECT_EQ(ZipWriter::rootNameForPath(".hidden.pt"), ".hidden");
  EXPECT_EQ(ZipWriter::rootNameForPath("a."), "a");
  EXPECT_EQ(ZipWriter::rootNameForPath("dir.with.dots/file"), "file");
  EXPECT_THROW(ZipWriter::rootNameForPath(".pt"), Error);
}

TEST(ZipWriter, LayoutRules) {
  std::string big(5000, 'q');
  std::string bytes = writeArchive({{"data.pkl", "abc"}, {"data/0", ""}, {"code/x.py", big}, {"version", "3\n"}});
  ZipReader r = ZipReader::fromBytes(bytes);
  ASSERT_EQ(r.entries().size(), 4u);
  for (const ZipEntry& e : r.entries()) {
    EXPECT_EQ(e.dataOffset % 64, 0u) << e.name;  // every payload 64-aligned
    auto* h = reinterpret_cast<const uint8_t*>(bytes.data()) + e.headerOffset;
    uint16_t flags = loadLE<uint16_t>(h + 6);
    EXPECT_EQ(flags, e.uncompressedSize ? 0x0808 : 0x0800) << e.name;
    uint16_t nameLen = loadLE<uint16_t>(h + 26);
    EXPECT_EQ(loadLE<uint16_t>(h + 30 + nameLen), 0x4246) << "FB padding field first";
    if (e.uncompressedSize) {  // a signed 16-byte data descriptor follows the payload
      EXPECT_EQ(loadLE<uint32_t>(h + (e.dataOffset - e.headerOffset) + e.compressedSize), 0x08074b50u);
    }
  }
  // zip64 end record, locator and classic end record, always (56 + 20 + 22 bytes at the end)
  size_t n = bytes.size();
  EXPECT_EQ(loadLE<uint32_t>(reinterpret_cast<const uint8_t*>(bytes.data()) + n - 22), 0x06054b50u);
  EXPECT_EQ(loadLE<uint32_t>(reinterpret_cast<const uint8_t*>(bytes.data()) + n - 42), 0x07064b50u);
  EXPECT_EQ(loadLE<uint32_t>(reinterpret_cast<const uint8_t*>(bytes.data()) + n - 98), 0x06064b50u);
  EXPECT_EQ(r.rootName(), "archive");
  EXPECT_EQ(r.readRecord("code/x.py"), big);
  EXPECT_EQ(r.readRecord("data/0"), "");
  EXPECT_EQ(r.recordNames(), (std::vector<std::string>{"data.pkl", "data/0", "code/x.py", "version"}));
}

TEST(ZipReader, RoundTripStoredAndDeflated) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "line " + std::to_string(i) + "\n";
  for (bool compress : {false, true}) {
    ZipReader r = ZipReader::fromBytes(writeArchive({{"a", text}, {"b/c", "xyz"}, {"empty", ""}}, compress));
    EXPECT_EQ(r.readRecord("a"), text);
    EXPECT_EQ(r.readRecord("b/c"), "xyz");
    EXPECT_EQ(r.readRecord("empty"), "");
    EXPECT_EQ(r.entries()[0].method, compress ? 8 : 0);
    Storage s = r.recordStorage("a");
    ASSERT_EQ(s.nbytes(), text.size());
    EXPECT_EQ(std::memcmp(s.data(), text.data(), text.size()), 0);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(s.data()) % 64, 0u);
    EXPECT_FALSE(r.hasRecord("missing"));
    EXPECT_THROW(r.readRecord("missing"), Error);
  }
}

TEST(ZipReader, StoredRecordsAreMappedWithoutCopy) {
  std::string path = (std::filesystem::temp_directory_path() / "ember_zip_map_test.pt").string();
  std::string payload(4096, '\x07');
  {
    ZipWriter w(path);
    w.writeRecord("data/0", payload.data(), payload.size());
    w.writeEndOfFile();
  }
  Storage s;
  {
    ZipReader r = ZipReader::open(path);
    s = r.recordStorage("data/0");
    EXPECT_FALSE(s.impl()->ownsMemory());  // wraps the mapping
  }
  // The mapping outlives the reader, and writes stay private to the process.
  static_cast<char*>(s.data())[0] = 1;
  EXPECT_EQ(static_cast<char*>(s.data())[1], 7);
  EXPECT_EQ(ZipReader::open(path).readRecord("data/0"), payload);
  std::filesystem::remove(path);
}

TEST(ZipReader, ArchivesWithoutAFolderAreRejected) {
  std::string bytes = writeArchive({{"x", "1"}});
  // Rename "archive/x" to "archivexx" in both headers: no '/' in the first entry any more.
  for (size_t pos; (pos = bytes.find("archive/x")) != std::string::npos;) bytes.replace(pos, 9, "archivexx");
  try {
    ZipReader::fromBytes(bytes);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("file in archive is not in a subdirectory: archivexx"), std::string::npos);
  }
}

TEST(ZipReader, EveryTruncationFailsCleanly) {
  std::string bytes = writeArchive({{"data.pkl", "hello"}, {"code/a.py", std::string(300, 'a')}}, true);
  for (size_t n = 0; n < bytes.size(); ++n) {
    try {
      ZipReader r = ZipReader::fromBytes(bytes.substr(0, n));
      for (const auto& name : r.recordNames()) r.readRecord(name);
    } catch (const Error&) {
    }
  }
}

TEST(ZipReader, CorruptFieldsGiveErrors) {
  std::string good = writeArchive({{"data.pkl", "hello world"}});
  size_t n = good.size();
  size_t z64 = n - 98;
  auto corrupt = [&](size_t offset, uint64_t value, size_t width) {
    std::string bad = good;
    std::memcpy(bad.data() + offset, &value, width);
    return bad;
  };
  // zip64 end record: CD offset past the end, huge CD size, huge entry count
  EXPECT_THROW(ZipReader::fromBytes(corrupt(z64 + 48, 1ull << 40, 8)), Error);
  EXPECT_THROW(ZipReader::fromBytes(corrupt(z64 + 40, ~0ull, 8)), Error);
  EXPECT_THROW(ZipReader::fromBytes(corrupt(z64 + 32, 1ull << 60, 8)), Error);
  // central header: a local header offset past the end, and a size past the end
  uint64_t cd = loadLE<uint64_t>(reinterpret_cast<const uint8_t*>(good.data()) + z64 + 48);
  EXPECT_THROW(ZipReader::fromBytes(corrupt(cd + 42, 0x7fffffff, 4)), Error);
  EXPECT_THROW(ZipReader::fromBytes(corrupt(cd + 20, 0x7ffffff0, 4)), Error);
  // CRC-32 mismatch is caught when the record is read
  ZipReader r = ZipReader::fromBytes(corrupt(cd + 16, 12345, 4));
  EXPECT_THROW(r.readRecord("data.pkl"), Error);
  // unsupported method and encryption
  EXPECT_THROW(ZipReader::fromBytes(corrupt(cd + 10, 12, 2)), Error);
  EXPECT_THROW(ZipReader::fromBytes(corrupt(cd + 8, 0x0809, 2)), Error);
  EXPECT_THROW(ZipReader::fromBytes("PK\x03\x04 not really a zip file at all......."), Error);
}

TEST(ZipReader, DeflateBombsAreBoundedByTheFileSize) {
  std::string bytes = writeArchive({{"a", std::string(1000, 'a')}}, true);
  uint64_t z64 = bytes.size() - 98;
  uint64_t cd = loadLE<uint64_t>(reinterpret_cast<const uint8_t*>(bytes.data()) + z64 + 48);
  uint32_t huge = 0xFFFFFFF0;  // claims ~4 GiB from a few deflated bytes
  std::memcpy(bytes.data() + cd + 24, &huge, 4);
  EXPECT_THROW(ZipReader::fromBytes(bytes), Error);
}

}  // namespace
}  // namespace ember::jit
