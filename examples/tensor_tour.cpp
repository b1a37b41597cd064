// A first look at ember's tensor library, run by `make demo`. Every line follows PyTorch's
// semantics; the printed forms are PyTorch's repr().
#include <iostream>

#include "ember/tensor.h"

int main() {
  using namespace ember;
  manual_seed(0);

  Tensor x = arange(6, kFloat).view({2, 3});
  std::cout << "x = " << x << "\n";
  std::cout << "x.t() is a view sharing x's storage: " << std::boolalpha << x.t().is_alias_of(x) << "\n";

  // Broadcasting and type promotion: int64 tensor + float tensor -> float32.
  Tensor ints = arange(3);
  std::cout << "x + ints = " << (x + ints) << "\n";

  // Reductions, unary ops and indexing.
  std::cout << "x.sum(1) = " << x.sum(IntArrayRef{1}) << "\n";
  std::cout << "softmax(x, 1) = " << softmax(x, 1) << "\n";
  std::cout << "tanh(x[:, 1:]) = " << ember::tanh(x.index({indexing::Slice(), indexing::Slice(1, std::nullopt)}))
            << "\n";

  // Seeded random numbers follow PyTorch's CPU stream: torch.manual_seed(0); torch.rand(3)
  std::cout << "rand(3) after manual_seed(0) = " << rand({3}) << "\n";
  return 0;
}
