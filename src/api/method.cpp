#include "ember/api/method.h"

#include "ember/core/function_schema.h"
#include "ember/core/stack.h"
#include "ember/error.h"
#include "ember/runtime/graph_function.h"

namespace ember::jit {

Method::Method(IntrusivePtr<ObjectImpl> owner, Function* function) : owner_(std::move(owner)), function_(function) {
  EMBER_CHECK(owner_, "a method needs an object");
  EMBER_CHECK(function_, "a method needs a function");
}

IValue Method::operator()(std::vector<IValue> args, const Kwargs& kwargs) const {
  args.insert(args.begin(), IValue(owner_));
  if (function_->isGraphFunction()) return (*static_cast<GraphFunction*>(function_))(std::move(args), kwargs);
  EMBER_CHECK(kwargs.empty(), name(), "() does not take keyword arguments");
  Stack stack(std::make_move_iterator(args.begin()), std::make_move_iterator(args.end()));
  function_->run(stack);
  if (stack.size() == 1) return pop(stack);
  return makeTuple(std::move(stack));
}

void Method::run(Stack& stack) const {
  size_t n = function_->getSchema().arguments().size();
  EMBER_CHECK(n >= 1 && stack.size() >= n - 1, name(), "() expected ", n - 1, " argument(s) but the stack holds ",
              stack.size());
  stack.insert(stack.end() - static_cast<std::ptrdiff_t>(n - 1), IValue(owner_));
  function_->run(stack);
}

}  // namespace ember::jit
