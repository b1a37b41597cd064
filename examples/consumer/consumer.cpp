// Runs a TorchScript archive with ember from outside ember's tree: loads MODEL (what
// torch.jit.save wrote), calls forward with the arguments INPUTS holds (a torch.save file of a
// tuple), and writes the result to OUTPUT as a torch.save file that torch.load reads.
#include <iostream>
#include <vector>

#include "ember/jit.h"
#include "ember/serialization/import.h"
#include "ember/serialization/torch_save.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: consumer MODEL INPUTS OUTPUT\n";
    return 2;
  }
  try {
    ember::jit::Module model = ember::jit::load(argv[1]);
    ember::jit::IValue inputs = ember::jit::pickleLoad(argv[2]);
    std::vector<ember::jit::IValue> args;
    if (inputs.isTuple()) {
      for (const ember::jit::IValue& v : inputs.toTupleRef().elements) args.push_back(v);
    } else {
      args.push_back(inputs);
    }
    ember::jit::IValue result = model.forward(args);
    ember::jit::pickleSave(result, argv[3]);
    std::cout << result << "\n";
  } catch (const ember::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
