// Tensors printed as TorchScript's print() shows them (PyTorch's C++ operator<<), against the
// text PyTorch 1.13 printed for the same tensors (data/gen_tensor_print_cases.py).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ember/core/ivalue.h"
#include "ember/tensor.h"
#include "ember_test_source_dir.h"

namespace ember::jit {
namespace {

struct PrintCase {
  std::string name, dtype, sizes, values, expected;
};

std::vector<PrintCase> readCases() {
  std::ifstream in(ember::test::testsDir() / "unit" / "core" / "data" / "tensor_print_cases.txt");
  std::vector<PrintCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("#### CASE ", 0) != 0) continue;
    PrintCase c;
    std::istringstream header(line.substr(10));
    header >> c.name >> c.dtype >> c.sizes;
    std::getline(in, c.values);
    std::getline(in, line);  // #### EXPECTED
    while (std::getline(in, line) && line != "#### END") c.expected += line + "\n";
    cases.push_back(std::move(c));
  }
  return cases;
}

Tensor build(const PrintCase& c) {
  std::vector<double> values;
  std::istringstream in(c.values);
  for (std::string v; in >> v;) values.push_back(std::strtod(v.c_str(), nullptr));
  std::vector<int64_t> sizes;
  if (c.sizes != "scalar") {
    std::istringstream s(c.sizes);
    for (std::string part; std::getline(s, part, ',');) sizes.push_back(std::stoll(part));
  }
  return tensor(values, kDouble).reshape(sizes).to(parseScalarType(c.dtype));
}

TEST(TensorPrint, PrintShowsTensorsAsPyTorchsCppOperator) {
  auto cases = readCases();
  ASSERT_GE(cases.size(), 25u);
  for (const PrintCase& c : cases) {
    std::ostringstream os;
    os << IValue(build(c)) << "\n";  // print() ends the line
    EXPECT_EQ(os.str(), c.expected) << "case " << c.name;
  }
}

TEST(TensorPrint, ContainersUseTheSameFormAndReprStaysPythons) {
  Tensor t = tensor(std::vector<double>{1.5, 2.0}, kDouble).to(kFloat);
  std::ostringstream os;
  os << makeTensorList({t});
  EXPECT_EQ(os.str(), "[ 1.5000\n 2.0000\n[ CPUFloatType{2} ]]");
  EXPECT_EQ(IValue(t).repr(), "tensor([1.5000, 2.0000])");
}

}  // namespace
}  // namespace ember::jit
