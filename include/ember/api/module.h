// Module: the top-level TorchScript program (the spec's "Modules"): an Object of a module class
// with named parameters, buffers, attributes, submodules and methods, mirroring nn.Module.
//
//   Module m("__torch__.Linear");
//   m.register_parameter("weight", randn({4, 3}));
//   m.define_method("forward", graph);   // graph(%self : __torch__.Linear, %x : Tensor) ...
//   Tensor y = m.forward({x}).toTensor();
//   for (const auto& p : m.named_parameters()) std::cout << p.name << "\n";
//
// A Module is a handle: copies refer to the same object. Calling methods from several threads at
// once is safe (each call has its own interpreter state); mutating attributes while other threads
// run methods is the caller's responsibility, as in PyTorch.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/api/method.h"
#include "ember/api/object.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {

class CompilationUnit;
class Module;

template <typename T>
struct Named {
  std::string name;
  T value;
};
using NamedTensor = Named<Tensor>;
using NamedIValue = Named<IValue>;
using NamedModule = Named<Module>;
// Extra records of an archive (`extra/<name>`), by name.
using ExtraFilesMap = std::unordered_map<std::string, std::string>;

class Module : public Object {
 public:
  Module() = default;
  // A new module of a new module class `className` ("__torch__.Net"), registered in `cu` (a new
  // unit when null). A taken name is mangled when `shouldMangle`, an error otherwise.
  explicit Module(const std::string& className, std::shared_ptr<CompilationUnit> cu = nullptr,
                  bool shouldMangle = false);
  // A fresh instance of an existing module class.
  Module(std::shared_ptr<CompilationUnit> cu, ClassTypePtr type);
  // An object of a module class (throws for other classes).
  explicit Module(Object obj);

  // Calls method `forward`.
  IValue forward(std::vector<IValue> inputs, const Kwargs& kwargs = {}) const;
  IValue operator()(std::vector<IValue> inputs, const Kwargs& kwargs = {}) const { return forward(std::move(inputs), kwargs); }

  // ---- registration ----
  void register_parameter(const std::string& name, Tensor value, bool isBuffer = false);
  void register_buffer(const std::string& name, Tensor value);
  void register_module(const std::string& name, const Module& module);

  // ---- traversal (parameters of this module first, then each submodule's, depth first) ----
  std::vector<NamedTensor> named_parameters(bool recurse = true) const;
  std::vector<Tensor> parameters(bool recurse = true) const;
  std::vector<NamedTensor> named_buffers(bool recurse = true) const;
  std::vector<Tensor> buffers(bool recurse = true) const;
  // Every attribute (parameters, buffers, submodules and plain attributes).
  std::vector<NamedIValue> named_attributes(bool recurse = true) const;
  // Direct submodules.
  std::vector<NamedModule> named_children() const;
  std::vector<Module> children() const;
  // This module (named "") and every submodule, depth first, named by their paths ("a.b").
  std::vector<NamedModule> named_modules() const;
  std::vector<Module> modules() const;

  // ---- saving (defined in the serialization layer: link ember_serialization) ----
  // Writes a TorchScript archive that torch.jit.load (and ember::jit::load) reads, with
  // `extraFiles` stored as `extra/<name>` records.
  void save(const std::string& path, const ExtraFilesMap& extraFiles = {}) const;
  std::string saveToBytes(const ExtraFilesMap& extraFiles = {}) const;

  // ---- training mode (the `training` attribute of every module) ----
  void train(bool on = true);
  void eval() { train(false); }
  bool is_training() const;

 private:
  void collectTensors(const std::string& prefix, bool recurse, bool buffers, std::vector<NamedTensor>& out) const;
};

}  // namespace ember::jit
