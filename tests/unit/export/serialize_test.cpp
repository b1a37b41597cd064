// Saved programs: a version-1 document is upgraded on load, newer versions and malformed files
// are refused with clear errors.
#include "ember/export/serialize.h"

#include <gtest/gtest.h>

#include "ember/export/export.h"
#include "ember/jit.h"
#include "ember/serialization/zip_reader.h"
#include "ember/serialization/zip_writer.h"
#include "ember/tensor.h"
#include "export/json.h"

namespace ember::exporter {
namespace {

const char* kF = R"SRC(
def f(x: Tensor) -> Tensor:
    if x.size(0) > 3:
        return x * 2
    return x + 1
)SRC";

ExportedProgram program() {
  auto cu = jit::compile(kF);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"n", 2, 50}}};
  return exportFunction(cu->getFunction("f"), {ones({5, 2})}, o);
}

// The saved bytes with program.json replaced by `edit(program.json)`.
std::string rewriteProgram(const std::string& bytes, const std::function<Json(Json)>& edit) {
  jit::ZipReader in = jit::ZipReader::fromBytes(bytes);
  std::string out;
  {
    jit::ZipWriter w([&](const void* d, size_t n) { out.append(static_cast<const char*>(d), n); }, in.rootName());
    for (const std::string& name : in.recordNames()) {
      std::string data = in.readRecord(name);
      if (name == "program.json") data = edit(Json::parse(data)).dump();
      w.writeRecord(name, data.data(), data.size());
    }
    w.writeEndOfFile();
  }
  return out;
}

TEST(Serialize, Version1DocumentsAreUpgraded) {
  ExportedProgram ep = program();
  std::string v1 = rewriteProgram(saveToBytes(ep), [](Json j) {
    Json out = Json::object();
    for (const auto& [k, v] : j.fields()) {
      if (k == "guards") continue;  // version 1 had none
      if (k == "version") {
        out.set(k, int64_t{1});
      } else if (k == "range_constraints") {
        Json ranges = Json::object();
        for (const auto& [name, r] : v.fields()) {
          Json pair = Json::array();
          pair.push(r.at("min"));
          pair.push(r.at("max"));
          ranges.set(name, pair);
        }
        out.set(k, ranges);
      } else {
        out.set(k, v);
      }
    }
    return out;
  });
  ExportedProgram back = loadFromBytes(v1);
  EXPECT_EQ(back.rangeConstraints.at("n").min, 2);
  EXPECT_EQ(back.rangeConstraints.at("n").max, 50);
  EXPECT_TRUE(back.guards.empty());
  EXPECT_EQ(back.graph.str(), ep.graph.str());
  Tensor y = back.module().forward({ones({7, 2})}).toTensor();
  EXPECT_FLOAT_EQ(static_cast<const float*>(y.contiguous().data_ptr())[0], 2.0f);
}

TEST(Serialize, NewerVersionsAndMalformedProgramsAreRefused) {
  std::string bytes = saveToBytes(program());
  auto expectError = [&](const std::function<Json(Json)>& edit, const std::string& message) {
    try {
      loadFromBytes(rewriteProgram(bytes, edit));
      ADD_FAILURE() << "expected an error containing '" << message << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  };
  expectError([](Json j) { j.set("version", int64_t{99}); return j; }, "newer than this ember reads");
  expectError([](Json j) { j.set("format", "something"); return j; }, "not a saved exported program");
  expectError([](Json j) { j.set("nodes", Json::array()); return j; }, "no output node");
  expectError(
      [](Json j) {
        Json nodes = Json::array();
        const auto& all = j.at("nodes").items();
        for (size_t i = all.size(); i-- > 0;) nodes.push(all[i]);  // uses before definitions
        j.set("nodes", nodes);
        return j;
      },
      "before it is defined");
  EXPECT_THROW(Json::parse("{\"a\": [1, 2"), Error);
  EXPECT_THROW(Json::parse("[1] x"), Error);
  EXPECT_THROW(Json::parse(std::string(1000, '[') + std::string(1000, ']')), Error);
  EXPECT_EQ(Json::parse("{\"k\": [1, -2.5e3, \"s\\n\", null, true]}").dump(), "{\"k\":[1,-2500.0,\"s\\n\",null,true]}");
}

}  // namespace
}  // namespace ember::exporter
