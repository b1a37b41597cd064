#include "ember/core/function.h"

#include <atomic>

#include "ember/core/code_epoch.h"
#include "ember/core/function_schema.h"
#include "ember/core/stack.h"
#include "ember/error.h"

namespace ember::jit {
namespace {

std::atomic<uint64_t> gCodeEpoch{0};

}  // namespace

uint64_t codeEpoch() { return gCodeEpoch.load(std::memory_order_acquire); }
void noteCodeChanged() { gCodeEpoch.fetch_add(1, std::memory_order_acq_rel); }

IValue Function::operator()(std::vector<IValue> args, const std::unordered_map<std::string, IValue>& kwargs) {
  const FunctionSchema& schema = getSchema();
  const auto& params = schema.arguments();
  EMBER_CHECK(args.size() <= params.size(), name(), "() expected at most ", params.size(),
              " argument(s) but received ", args.size(), " argument(s). Declaration: ", schema);
  Stack stack;
  stack.reserve(params.size());
  size_t usedKwargs = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    const Argument& p = params[i];
    IValue v;
    auto kw = kwargs.find(p.name());
    if (i < args.size()) {
      EMBER_CHECK(kw == kwargs.end(), name(), "() got multiple values for argument '", p.name(), "'");
      v = std::move(args[i]);
    } else if (kw != kwargs.end()) {
      v = kw->second;
      ++usedKwargs;
    } else if (p.defaultValue()) {
      v = *p.defaultValue();
    } else {
      EMBER_ERROR(name(), "() is missing value for argument '", p.name(), "'. Declaration: ", schema);
    }
    if (!v.type()->isSubtypeOf(*p.type())) {
      EMBER_ERROR(name(), "() Expected a value of type '", p.type()->annotation_str(), "' for argument '", p.name(),
                  "' but instead found type '", v.type()->annotation_str(), "'.\nPosition: ", i,
                  "\nDeclaration: ", schema);
    }
    stack.push_back(std::move(v));
  }
  if (usedKwargs != kwargs.size()) {
    for (const auto& [k, _] : kwargs)
      EMBER_CHECK(schema.argumentIndexWithName(k), name(), "() got an unexpected keyword argument '", k, "'");
  }
  run(stack);
  if (stack.size() == 1) return pop(stack);
  return makeTuple(std::move(stack));
}

}  // namespace ember::jit
