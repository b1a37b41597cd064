// Embedding ember in a C++ program: load an archive that PyTorch saved, call its forward, and
// read the result. Run: build/bin/embed_model examples/small_model.pt
#include <iostream>

#include "ember/jit.h"
#include "ember/serialization/import.h"
#include "ember/tensor.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: embed_model ARCHIVE\n";
    return 1;
  }
  try {
    ember::jit::Module model = ember::jit::load(argv[1]);
    for (const auto& p : model.named_parameters()) std::cout << p.name << " " << p.value.sizes() << "\n";

    ember::manual_seed(0);
    ember::Tensor x = ember::randn({2, 4});  // the same numbers as torch.randn(2, 4) after manual_seed(0)
    ember::Tensor probs = model.forward({x, true}).toTensor();
    std::cout << probs << "\n";
    std::cout << "class of row 0: " << probs.argmax(1).select(0, 0).item<int64_t>() << "\n";
  } catch (const ember::Error& e) {
    std::cerr << e.what() << "\n";  // load errors, or the TorchScript traceback if forward raised
    return 1;
  }
  return 0;
}
