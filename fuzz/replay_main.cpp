// Runs a fuzz target over files (a seed corpus or crash reproducers) without libFuzzer, so CI
// exercises every target with any compiler. Also feeds each file's truncations, which finds
// the common "unexpected end of input" crashes cheaply.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  size_t runs = 0;
  for (int i = 1; i < argc; ++i) {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(argv[i])) {
      for (const auto& e : std::filesystem::directory_iterator(argv[i])) files.push_back(e.path());
    } else {
      files.emplace_back(argv[i]);
    }
    for (const auto& f : files) {
      std::ifstream in(f, std::ios::binary);
      std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      for (size_t n = 0; n <= data.size(); ++n) {
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(data.data()), n);
        ++runs;
      }
    }
  }
  std::printf("replayed %zu inputs\n", runs);
  return runs > 0 ? 0 : 1;
}
