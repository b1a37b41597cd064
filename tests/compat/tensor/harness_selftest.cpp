// Adapters for cases_harness.py: they exercise the harness itself, not any op.
#include "harness.h"

namespace ember::compat {

EMBER_COMPAT_ADAPTER("identity") { return {in[0]}; }

EMBER_COMPAT_ADAPTER("second_aliases_first") {
  bool aliases = in[1].is_alias_of(in[0]) && in[1].storage_offset() == 2;
  return {scalarTensor(aliases)};
}

EMBER_COMPAT_ADAPTER("scalars") {
  return {scalarTensor(true), scalarTensor(intArg(args, "i")), scalarTensor(doubleArg(args, "f"))};
}

EMBER_COMPAT_ADAPTER("raise") { EMBER_ERROR("expected failure"); }

}  // namespace ember::compat
