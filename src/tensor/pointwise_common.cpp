#include "pointwise_common.h"

namespace ember {

namespace {
void addArg(Elementwise& it, const PwArg& a) {
  if (a.tensor) it.input(*a.tensor);
  else it.input(a.scalar);
}
void applySpec(Elementwise& it, const PwSpec& spec) {
  if (spec.anyOutputDtype) it.allowAnyOutputDtype();
}
}  // namespace

Tensor pwOp(const PwSpec& spec, PwKernel kernel, PwArg a, PwArg b) {
  Elementwise it(spec.rule);
  addArg(it, a);
  addArg(it, b);
  applySpec(it, spec);
  it.build();
  kernel(it);
  return it.finish();
}

Tensor& pwOut(Tensor& out, const PwSpec& spec, PwKernel kernel, PwArg a, PwArg b) {
  Elementwise it(spec.rule);
  addArg(it, a);
  addArg(it, b);
  applySpec(it, spec);
  it.out(out).build();
  kernel(it);
  it.finish();
  return out;
}

Tensor& pwInplace(Tensor& self, const PwSpec& spec, PwKernel kernel, PwArg b) {
  Elementwise it(spec.rule);
  it.input(self);
  addArg(it, b);
  applySpec(it, spec);
  it.inplace(self).build();
  kernel(it);
  it.finish();
  return self;
}

const char* typeMetaName(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return "bool";
    case ScalarType::Byte: return "unsigned char";
    case ScalarType::Char: return "signed char";
    case ScalarType::Short: return "short int";
    case ScalarType::Int: return "int";
    case ScalarType::Long: return "long int";
    case ScalarType::Half: return "c10::Half";
    case ScalarType::BFloat16: return "c10::BFloat16";
    case ScalarType::Float: return "float";
    case ScalarType::Double: return "double";
    default: return scalarTypeName(t);
  }
}

}  // namespace ember
