// Everything about TorchScript programs in one include: the IR, compilation units, functions,
// modules and objects, the tracer, and the graph executor.
#pragma once

#include "ember/api/compilation_unit.h"
#include "ember/api/method.h"
#include "ember/api/module.h"
#include "ember/api/object.h"
#include "ember/core/function.h"
#include "ember/core/ivalue.h"
#include "ember/core/operator.h"
#include "ember/core/stack.h"
#include "ember/core/type.h"
#include "ember/frontend/compile.h"
#include "ember/frontend/tracer.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/jit_exception.h"
#include "ember/runtime/register_operators.h"
