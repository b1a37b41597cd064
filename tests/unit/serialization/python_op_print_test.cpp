// prim::PythonOp (a call of a Python function, made by the Python extension's frontend; see
// src/python/python_op.h) in the C++ layers: the IR prints it as PyTorch 1.13 does
// (`^helper[]()(%x)`), the archive printer refuses it with PyTorch's message ("Could not export
// Python function call 'helper'"), and the C++ runtime registers no operator for it.
#include <gtest/gtest.h>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "serialization/python_printer.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> graphCallingPython() {
  auto g = std::make_shared<Graph>();
  Value* x = g->addInput("x");
  x->setType(TensorType::get());
  Node* call = g->insertNode(g->create(prim::PythonOp, {x}, 1));
  call->s_(attr::name, "helper");
  call->i_(Symbol::attr("pyobj"), 0);
  call->output()->setType(TensorType::get());
  g->registerOutput(call->output());
  return g;
}

TEST(PythonOp, PrintsAsPyTorchPrintsIt) {
  std::string text = graphCallingPython()->toString();
  EXPECT_NE(text.find("Tensor = ^helper[]()(%x)"), std::string::npos) << text;
  EXPECT_EQ(text.find("pyobj"), std::string::npos) << text;
}

TEST(PythonOp, ArchivesRefuseIt) {
  auto g = graphCallingPython();
  try {
    pythonPrint(*g, "forward");
    FAIL() << "printing a Python call should fail";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Could not export Python function call 'helper'"), std::string::npos)
        << e.what();
  }
}

TEST(PythonOp, NotAnOperatorOfTheCppRuntime) {
  ASSERT_FALSE(OperatorRegistry::global().getAllOperatorsFor(prim::Print).empty());  // the runtime's are here
  EXPECT_TRUE(OperatorRegistry::global().getAllOperatorsFor(prim::PythonOp).empty());
}

}  // namespace
}  // namespace ember::jit
