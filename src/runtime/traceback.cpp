#include "runtime/traceback.h"

#include <optional>
#include <sstream>

#include "ember/ir/ir.h"
#include "ember/runtime/jit_exception.h"
#include "runtime/code.h"

namespace ember::jit {
namespace {

constexpr size_t kContextLines = 3;

std::string frameName(const std::string& qualname) {
  if (!qualname.empty() && qualname.front() == '<') return qualname;
  size_t dot = qualname.rfind('.');
  return dot == std::string::npos ? qualname : qualname.substr(dot + 1);
}

// The node's first printed line located in the printed graph, highlighted on its kind: what
// PyTorch shows for graphs parsed from IR text (their nodes' ranges point into that text).
bool printNodeInGraph(std::ostream& out, const Node& node) {
  const Graph* g = node.owningGraph();
  std::string text = g->toString(false);
  std::ostringstream ns;
  node.print(ns, 0);
  std::string line = ns.str().substr(0, ns.str().find('\n'));
  while (!line.empty() && line.front() == ' ') line.erase(line.begin());
  size_t at = text.find(line);
  if (line.empty() || at == std::string::npos) return false;
  // PyTorch's parser gives a node the range of its kind's first token: the namespace.
  std::string kind = node.kind().toQualString();
  size_t k = text.find(kind, at);
  if (k == std::string::npos || k > at + line.size()) k = at;
  size_t len = k == at ? line.size() : node.kind().nsName().size();
  auto source = std::make_shared<Source>(text);
  SourceRange(source, k, k + len).printWithContext(out, kContextLines, true, "");
  return true;
}

// One line group per frame; a node inlined from other functions shows their calls first (Note
// [Inlined call stack]). `original` maps a range to the one it was printed from (archives).
void printEntry(std::ostream& out, const TracebackEntry& entry, bool original) {
  const Node* node = entry.code->nodeFor(entry.pc);
  if (!node) return;
  auto print = [&](const std::optional<SourceRange>& range, const std::string& function) {
    if (!range || !range->valid()) return false;
    std::optional<SourceRange> shown = original ? range->findSourceRangeThatGenerated() : range;
    if (shown) shown->printWithContext(out, kContextLines, true, function);
    return true;
  };
  std::string function = frameName(entry.code->functionName());
  if (node->callStack()) {
    for (const Node::InlinedFrame& frame : *node->callStack()) {
      print(frame.callSite, function);
      function = frame.function;
    }
  }
  if (print(node->sourceRange(), function) || original) return;
  if (!printNodeInGraph(out, *node)) out << *node;
}

// The original source behind an entry of archive code (its .debug_pkl), if known.
std::optional<SourceRange> originalRange(const TracebackEntry& entry) {
  const Node* node = entry.code->nodeFor(entry.pc);
  if (!node || !node->sourceRange() || !node->sourceRange()->valid()) return std::nullopt;
  return node->sourceRange()->findSourceRangeThatGenerated();
}

}  // namespace

std::string formatInterpreterError(const std::exception& e, const std::vector<TracebackEntry>& entries) {
  std::ostringstream out;
  out << "The following operation failed in the TorchScript interpreter.\n";
  // Code loaded from an archive shows the printed code, then the user's original lines.
  bool haveOriginal = false;
  for (const TracebackEntry& entry : entries) haveOriginal = haveOriginal || originalRange(entry).has_value();
  out << (haveOriginal ? "Traceback of TorchScript, serialized code (most recent call last):\n"
                       : "Traceback of TorchScript (most recent call last):\n");
  for (const TracebackEntry& entry : entries) printEntry(out, entry, false);
  if (haveOriginal) {
    out << "\nTraceback of TorchScript, original code (most recent call last):\n";
    for (const TracebackEntry& entry : entries) printEntry(out, entry, true);
  }
  std::string cls = "RuntimeError";
  if (auto* jit = dynamic_cast<const JitException*>(&e); jit && jit->pythonClassName()) cls = *jit->pythonClassName();
  out << cls << ": " << e.what() << "\n";
  return out.str();
}

}  // namespace ember::jit
