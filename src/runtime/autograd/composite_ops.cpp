// The table of composite operators (composite_ops.h), filled at static initialisation and read by
// recordedCall through a per-thread cache keyed by schema, as the formula lookups are.
#include "runtime/autograd/composite_ops.h"

#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace ember::autograd {
namespace {

struct CompositeTable {
  std::mutex mutex;
  std::unordered_set<std::string> names;
};
CompositeTable& table() {
  static CompositeTable t;
  return t;
}

}  // namespace

void registerCompositeOperator(const std::string& name) {
  CompositeTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  t.names.insert(name);
}

bool isComposite(const jit::FunctionSchema& schema) {
  struct Entry {
    jit::OperatorName name;  // checked on each hit: a deregistered operator's address may be reused
    bool composite;
  };
  thread_local std::unordered_map<const jit::FunctionSchema*, Entry> cache;
  auto it = cache.find(&schema);
  if (it != cache.end() && it->second.name == schema.operatorName()) return it->second.composite;
  CompositeTable& t = table();
  bool composite;
  {
    std::lock_guard<std::mutex> lock(t.mutex);
    composite = t.names.count(schema.operatorName().str()) > 0;
  }
  cache.insert_or_assign(&schema, Entry{schema.operatorName(), composite});
  return composite;
}

}  // namespace ember::autograd
