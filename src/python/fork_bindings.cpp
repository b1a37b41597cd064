// ember.jit.fork from Python: the call runs asynchronously on ember's inter-op pool (the pool
// TorchScript's own prim::fork uses) and returns a Future whose wait() joins it, as
// torch.jit.fork does. Script functions, methods and modules run without the GIL; other Python
// callables take it on the pool thread.
#include <pybind11/stl.h>

#include "ember/api/module.h"
#include "ember/core/ivalue.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"
#include "python/script_objects.h"
#include "runtime/interop_pool.h"

namespace ember::python {
namespace {

using jit::FutureImpl;

// A forked call's result: the future, and whether the call was given torch tensors (its
// result is converted to torch tensors then, as the synchronous call's would be).
struct PyFuture {
  IntrusivePtr<FutureImpl> future;
  bool returnTorch = false;
  std::shared_ptr<py::object> pythonResult;  // for Python callables (set under the GIL)
};

IValue stackResult(jit::Stack& stack) {
  if (stack.size() == 1) return stack[0];
  return jit::makeTuple(std::vector<IValue>(stack.begin(), stack.end()));
}

void launchScript(PyFuture& out, jit::Function* fn, jit::Stack stack, std::shared_ptr<void> keepAlive) {
  IntrusivePtr<FutureImpl> future = out.future;
  jit::launchInterOpTask([fn, stack = std::move(stack), future, keepAlive]() mutable {
    try {
      fn->run(stack);
      future->markCompleted(stackResult(stack));
    } catch (...) {
      future->setError(std::current_exception());
    }
  });
}

PyFuture fork(py::object callable, py::args args, py::kwargs kwargs) {
  PyFuture out;
  out.future = FutureImpl::create(jit::AnyType::get());
  InteropScope scope;
  if (py::isinstance<ScriptFunction>(callable)) {
    auto f = callable.cast<ScriptFunction>();
    jit::Stack stack = createStack(f.fn->getSchema(), args, kwargs);
    out.returnTorch = InteropScope::returnTorch();
    launchScript(out, f.fn, std::move(stack), f.cu);
    return out;
  }
  if (py::isinstance<ScriptMethod>(callable) || py::isinstance<jit::Module>(callable)) {
    jit::Object owner;
    jit::Function* fn;
    if (py::isinstance<ScriptMethod>(callable)) {
      auto m = callable.cast<ScriptMethod>();
      owner = m.owner;
      fn = m.fn;
    } else {
      owner = callable.cast<jit::Module>();
      auto forward = owner.find_method("forward");
      EMBER_CHECK(forward, "ember.jit.fork: the module has no forward method");
      fn = &forward->function();
    }
    jit::Stack stack = createStack(fn->getSchema(), args, kwargs, owner.ivalue());
    out.returnTorch = InteropScope::returnTorch();
    auto holder = std::make_shared<jit::Object>(owner);
    launchScript(out, fn, std::move(stack), holder);
    return out;
  }
  // A Python callable: run with the GIL on the pool thread; the result stays a Python object.
  out.pythonResult = std::make_shared<py::object>();
  auto call = std::make_shared<py::object>(py::make_tuple(callable, args, kwargs));
  IntrusivePtr<FutureImpl> future = out.future;
  std::shared_ptr<py::object> result = out.pythonResult;
  jit::launchInterOpTask([call, future, result]() mutable {
    py::gil_scoped_acquire gil;
    try {
      auto t = call->cast<py::tuple>();
      *result = t[0](*t[1].cast<py::args>(), **t[2].cast<py::kwargs>());
      future->markCompleted(IValue());
    } catch (py::error_already_set& e) {
      *result = e.value();  // the exception object, raised again by wait()
      future->setError(std::make_exception_ptr(std::runtime_error("forked Python call failed")));
    } catch (...) {
      future->setError(std::current_exception());
    }
    call.reset();  // the Python objects are released here, with the GIL
    result.reset();
  });
  return out;
}

py::object wait(PyFuture& f) {
  std::exception_ptr error;
  {
    py::gil_scoped_release noGil;
    try {
      f.future->wait();
    } catch (...) {
      error = std::current_exception();
    }
  }
  if (error) {
    if (f.pythonResult && *f.pythonResult && !f.pythonResult->is_none()) {
      PyObject* exc = f.pythonResult->ptr();
      PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc)), exc);
      throw py::error_already_set();
    }
    std::rethrow_exception(error);
  }
  if (f.pythonResult) return *f.pythonResult;
  InteropScope scope;
  if (f.returnTorch) InteropScope::noteTorchInput();
  return toPython(f.future->value());
}

}  // namespace

void initForkBindings(py::module_& m) {
  py::class_<PyFuture>(m, "Future")
      .def("wait", &wait)
      .def("done", [](const PyFuture& f) { return f.future->completed(); });
  m.def("_fork", &fork);
}

}  // namespace ember::python
