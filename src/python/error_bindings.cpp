// ember::Error becomes the Python exception PyTorch would raise: its ErrorKind picks the class
// (IndexError, ValueError, TypeError, KeyError, NotImplementedError, AssertionError), everything
// else is RuntimeError. The message is ember's whole report, so errors raised while running
// TorchScript carry the TorchScript traceback and compile errors the `~~~ <--- HERE` highlight.
#include "ember/error.h"
#include "python/python_bindings.h"

namespace ember::python {
namespace {

PyObject* exceptionClassFor(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Index: return PyExc_IndexError;
    case ErrorKind::Value: return PyExc_ValueError;
    case ErrorKind::Type: return PyExc_TypeError;
    case ErrorKind::Key: return PyExc_KeyError;
    case ErrorKind::NotImplemented: return PyExc_NotImplementedError;
    case ErrorKind::Assertion: return PyExc_AssertionError;
    case ErrorKind::Runtime: break;
  }
  return PyExc_RuntimeError;
}

}  // namespace

void initErrorBindings(py::module_& m) {
  (void)m;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      PyErr_SetString(exceptionClassFor(e.kind()), e.what());
    }
  });
}

}  // namespace ember::python
