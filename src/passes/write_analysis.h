// Whether a graph may write to a value: a conservative check from operator schemas, for the
// passes that must not fold or reorder what is written in place (freezing, the alias-sensitive
// peepholes). It follows the values that may alias `v` (views by their schema's alias sets,
// containers holding it, If/Loop outputs) and reports a write when a use writes one of them
// (a `!` annotation), when an operator is CONSERVATIVE or returns a wildcard, or when a node has
// no operator and is not known to only read. AliasDb answers the same question exactly.
#pragma once

namespace ember::jit {

class Value;

bool mayBeWritten(Value* v);

}  // namespace ember::jit
