// jit::load and Module::save on archives ember builds itself: a module compiled from archive-style
// source survives save and load, and broken archives (records missing or corrupted, bad code,
// bad versions) are refused with a clear error. The differential tests against PyTorch's own
// archives are in tests/compat/models.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>

#include "ember/jit.h"
#include "ember/runtime/autograd.h"
#include "ember/tensor.h"
#include "ember/serialization/import.h"
#include "ember/serialization/zip_reader.h"
#include "ember/serialization/zip_writer.h"
#include "frontend/compile.h"
#include "serialization/source_debug_info.h"

namespace ember::jit {
namespace {

const char* kSource = R"(
class Scale(Module):
  __parameters__ = ["w", ]
  __buffers__ = []
  w : Tensor
  training : bool
  k : int
  def forward(self: __torch__.Scale, x: Tensor) -> Tensor:
    return torch.add(torch.mul(x, self.w), self.k)
)";

Module makeModule() {
  auto cu = std::make_shared<CompilationUnit>();
  defineInto(*cu, kSource, nullptr);
  Module m(cu, cu->findClass("__torch__.Scale"));
  m.setattr("w", full({3}, 2.0));
  m.setattr("training", false);
  m.setattr("k", 5);
  return m;
}

// The archive's records, in order.
std::vector<std::pair<std::string, std::string>> records(const std::string& archive) {
  ZipReader reader = ZipReader::fromBytes(archive);
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& name : reader.recordNames()) out.emplace_back(name, reader.readRecord(name));
  return out;
}

// Rebuilds the archive with `edit` applied to each record (return false to drop it).
std::string rewrite(const std::string& archive, const std::function<bool(const std::string&, std::string&)>& edit) {
  std::string out;
  ZipWriter writer([&out](const void* d, size_t n) { out.append(static_cast<const char*>(d), n); });
  for (auto [name, bytes] : records(archive))
    if (edit(name, bytes)) writer.writeRecord(name, bytes.data(), bytes.size());
  writer.writeEndOfFile();
  return out;
}

std::string loadError(const std::string& archive) {
  try {
    loadFromBytes(archive);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Import, SaveThenLoadRunsTheSameProgram) {
  Module m = makeModule();
  Tensor x = arange(3, kFloat);
  Module back = loadFromBytes(m.saveToBytes());
  Tensor y = back.forward({x}).toTensor();
  // x * 2 + 5
  ASSERT_EQ(y.numel(), 3);
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(y.select(0, i).item<float>(), 2.0f * static_cast<float>(i) + 5.0f);
  EXPECT_EQ(back.attr("k").toInt(), 5);
  ASSERT_EQ(back.named_parameters().size(), 1u);
  EXPECT_EQ(back.named_parameters()[0].name, "w");
}

// A parameter trained with autograd keeps requires_grad through save and load (as
// torch._utils._rebuild_tensor_v2 records it), and the loaded module trains again.
TEST(Import, TrainedParametersKeepRequiresGrad) {
  Module m = makeModule();
  Tensor w = m.attr("w").toTensor();
  autograd::setRequiresGrad(w);
  Tensor x = arange(3, kFloat);
  Tensor y = m.forward({x}).toTensor();
  ASSERT_TRUE(y.requires_grad());
  autograd::backward({y}, {ones({3})});
  Tensor g = autograd::gradOf(w);
  ASSERT_TRUE(g.defined());
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(g.select(0, i).item<float>(), static_cast<float>(i));  // d(x*w)/dw = x
  w.sub_(g);  // one SGD step, outside any program
  Module back = loadFromBytes(m.saveToBytes());
  Tensor w2 = back.attr("w").toTensor();
  EXPECT_TRUE(w2.requires_grad());
  EXPECT_TRUE(autograd::isLeaf(w2));
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(w2.select(0, i).item<float>(), 2.0f - static_cast<float>(i));
  Tensor y2 = back.forward({x}).toTensor();
  ASSERT_TRUE(y2.requires_grad());
  std::vector<Tensor> g2 = autograd::grad({y2}, {w2}, {ones({3})});
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(g2[0].select(0, i).item<float>(), static_cast<float>(i));
}

TEST(Import, ArchiveLayoutFollowsPyTorch) {
  std::vector<std::string> names;
  for (const auto& [name, bytes] : records(makeModule().saveToBytes())) names.push_back(name);
  std::vector<std::string> expected = {"data/0", "data.pkl", "code/__torch__.py", "constants.pkl", "version"};
  EXPECT_EQ(names, expected);
}

TEST(Import, ExtraFilesRoundTrip) {
  ExtraFilesMap extra{{"meta.json", "{\"a\": 1}"}};
  std::string archive = makeModule().saveToBytes(extra);
  ExtraFilesMap wanted{{"meta.json", ""}, {"absent.txt", "kept"}};
  loadFromBytes(archive, &wanted);
  EXPECT_EQ(wanted["meta.json"], "{\"a\": 1}");
  EXPECT_EQ(wanted["absent.txt"], "kept");
}

TEST(Import, MissingRecordsAreNamed) {
  std::string archive = makeModule().saveToBytes();
  auto without = [&](const std::string& record) {
    return loadError(rewrite(archive, [&](const std::string& name, std::string&) { return name != record; }));
  };
  EXPECT_NE(without("constants.pkl").find("constants.pkl"), std::string::npos);
  EXPECT_NE(without("data.pkl").find("data.pkl"), std::string::npos);
  EXPECT_NE(without("version").find("version"), std::string::npos);
  EXPECT_NE(without("data/0").find("data/0"), std::string::npos);
  EXPECT_NE(without("code/__torch__.py").find("__torch__.Scale"), std::string::npos);
}

TEST(Import, BadCodePointsAtTheArchiveFile) {
  std::string archive = rewrite(makeModule().saveToBytes(), [](const std::string& name, std::string& bytes) {
    if (name == "code/__torch__.py") bytes.replace(bytes.find("torch.mul"), 9, "torch.nope");
    return true;
  });
  std::string err = loadError(archive);
  EXPECT_NE(err.find("code/__torch__.py"), std::string::npos) << err;
  EXPECT_NE(err.find("<--- HERE"), std::string::npos) << err;
}

TEST(Import, VersionsOutsideTheSupportedRangeAreRefused) {
  for (const char* v : {"0\n", "11\n", "x\n"}) {
    std::string archive = rewrite(makeModule().saveToBytes(), [&](const std::string& name, std::string& bytes) {
      if (name == "version") bytes = v;
      return true;
    });
    EXPECT_NE(loadError(archive).find("version"), std::string::npos) << v;
  }
}

TEST(Import, ConstantIndexOutOfRange) {
  std::string archive = rewrite(makeModule().saveToBytes(), [](const std::string& name, std::string& bytes) {
    if (name == "code/__torch__.py") bytes.replace(bytes.find("self.k"), 6, "CONSTANTS.c7");
    return true;
  });
  EXPECT_NE(loadError(archive).find("c7"), std::string::npos);
}

TEST(Import, TruncatedArchivesAreRefused) {
  std::string archive = makeModule().saveToBytes();
  for (size_t n : {size_t{0}, size_t{10}, archive.size() / 2, archive.size() - 1})
    EXPECT_FALSE(loadError(archive.substr(0, n)).empty()) << n;
}

TEST(Import, DataMustHoldAModule) {
  std::string archive = rewrite(makeModule().saveToBytes(), [](const std::string& name, std::string& bytes) {
    if (name == "data.pkl") bytes = std::string("\x80\x02K\x07.", 5);  // the int 7
    return true;
  });
  EXPECT_NE(loadError(archive).find("module"), std::string::npos);
}

TEST(Import, DamagedDebugRecordsAreIgnored) {
  std::string archive = makeModule().saveToBytes();
  std::string withDebug;
  {
    ZipWriter writer([&](const void* d, size_t n) { withDebug.append(static_cast<const char*>(d), n); });
    for (const auto& [name, bytes] : records(archive)) {
      writer.writeRecord(name, bytes.data(), bytes.size());
      if (name == "code/__torch__.py") writer.writeRecord(name + ".debug_pkl", "\x80\x02garbage", 9);
    }
    writer.writeEndOfFile();
  }
  EXPECT_TRUE(loadError(withDebug).empty()) << loadError(withDebug);
  EXPECT_THROW(readSourceDebugInfo("\x80\x02K\x01."), Error);  // an int, not the record table
}

// Corrupted records behind valid zip framing (so the CRC does not stop them): the pickles, code
// and version parsers see every kind of damage. Loading may succeed or throw ember::Error; any
// other outcome (a crash, another exception type) fails the test.
TEST(Import, CorruptedRecordsGiveErrorsNotCrashes) {
  std::string archive = makeModule().saveToBytes();
  std::mt19937 rng(1234);
  size_t loaded = 0, refused = 0;
  for (const auto& [target, original] : records(archive)) {
    for (int round = 0; round < 400; ++round) {
      std::string corrupted = rewrite(archive, [&, target = target](const std::string& name, std::string& bytes) {
        if (name != target || bytes.empty()) return true;
        std::uniform_int_distribution<size_t> pos(0, bytes.size() - 1);
        switch (rng() % 4) {
          case 0: bytes[pos(rng)] = static_cast<char>(rng()); break;       // change a byte
          case 1: bytes.erase(pos(rng), 1 + rng() % 8); break;             // drop a few
          case 2: bytes.insert(pos(rng), 1 + rng() % 4, static_cast<char>(rng())); break;
          default: bytes.resize(pos(rng)); break;                          // truncate
        }
        return true;
      });
      try {
        loadFromBytes(corrupted).forward({arange(3, kFloat)});
        ++loaded;
      } catch (const Error&) {
        ++refused;
      }
    }
  }
  EXPECT_GT(refused, 0u);
  EXPECT_EQ(loaded + refused, records(archive).size() * 400);
}

}  // namespace
}  // namespace ember::jit
