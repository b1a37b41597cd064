// The hook through which the tracer (ember/frontend/tracer.h) sees the operators the interpreter
// calls. The runtime sits below the frontend, so the tracer installs a function pointer here;
// while it is null (nobody ever traced) the interpreter pays one relaxed load per operator call,
// next to autograd's.
#pragma once

#include <atomic>
#include <cstddef>

#include "ember/core/ivalue.h"

namespace ember::jit {
class Node;
}

namespace ember::jit::detail {

// Called after an operator ran: the node it implements, its inputs (copied before the call, which
// may move them) and its outputs.
using TraceHook = void (*)(const Node* node, const IValue* inputs, size_t numInputs, const IValue* outputs,
                           size_t numOutputs);
inline std::atomic<TraceHook> gTraceHook{nullptr};

}  // namespace ember::jit::detail
