// A first look at ember's tensor library: run by `make demo`.
#include <iostream>

#include "ember/tensor.h"

int main() {
  using namespace ember;
  Tensor t = empty({2, 3});
  std::cout << "made a " << t.dtype() << " tensor of sizes " << t.sizes() << " and strides " << t.strides()
            << "\n";
  return 0;
}
