// copy.deepcopy of ember ScriptModules and objects, in memory as torch.jit.ScriptModule's
// deepcopy is: objects of the same classes (the compiled code is shared), tensors cloned, lists,
// tuples and dicts copied, an object or tensor reached twice copied once. (Pickling goes through
// the archive format instead, which a module calling Python cannot be written to.)
#include <unordered_map>

#include "ember/api/module.h"
#include "ember/api/object.h"
#include "ember/core/ivalue.h"
#include "ember/tensor.h"
#include "python/python_bindings.h"

namespace ember::python {
namespace {

using jit::IValue;

class DeepCopier {
 public:
  IValue copy(const IValue& v) {
    switch (v.tag()) {
      case IValue::Tag::Tensor: return copyTensor(v);
      case IValue::Tag::Object: return copyObject(v);
      case IValue::Tag::Tuple: {
        const auto& tuple = v.toTupleRef();
        std::vector<IValue> elems;
        for (const IValue& e : tuple.elements) elems.push_back(copy(e));
        if (tuple.type) return IValue(jit::TupleImpl::createNamed(std::move(elems), tuple.type));
        return IValue(jit::TupleImpl::create(std::move(elems)));
      }
      case IValue::Tag::GenericList: {
        const auto& list = v.toListRef();
        std::vector<IValue> elems;
        for (const IValue& e : list.elements) elems.push_back(copy(e));
        return IValue(jit::ListImpl::create(list.elementType, std::move(elems)));
      }
      case IValue::Tag::GenericDict: {
        const auto& dict = v.toDictRef();
        auto out = jit::DictImpl::create(dict.keyType, dict.valueType);
        dict.forEach([&](const IValue& k, const IValue& e) { out->insert(k, copy(e)); });
        return IValue(out);
      }
      default: return v;  // immutable values (numbers, strings, devices, None, ...)
    }
  }

 private:
  IValue copyTensor(const IValue& v) {
    const Tensor& t = v.toTensor();
    if (!t.defined()) return v;
    const void* key = t.impl();
    if (auto it = seen_.find(key); it != seen_.end()) return it->second;
    IValue out(t.clone());
    seen_.emplace(key, out);
    return out;
  }

  IValue copyObject(const IValue& v) {
    const jit::ObjectImpl& obj = v.toObjectRef();
    if (auto it = seen_.find(&obj); it != seen_.end()) return it->second;
    auto out = jit::ObjectImpl::create(obj.type);
    IValue result(out);
    seen_.emplace(&obj, result);  // before the slots: an object reachable from itself
    for (size_t i = 0; i < obj.slots.size(); ++i) out->setSlot(i, copy(obj.slots[i]));
    return result;
  }

  std::unordered_map<const void*, IValue> seen_;
};

}  // namespace

void initDeepcopyBindings(py::module_& m) {
  m.def("_deepcopy_module", [](const jit::Module& module) {
    IValue copied = DeepCopier().copy(module.ivalue());
    return jit::Module(jit::Object(copied.toObject(), module.compilationUnit()));
  });
}

}  // namespace ember::python
