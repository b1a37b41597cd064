#include "runtime/training_flags.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <sstream>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "runtime/profiling_record.h"

namespace ember::jit {
namespace {

const char* const kTraining = "training";

struct Path {
  size_t input = 0;
  std::vector<std::string> names;
};

// The graph input and attribute names `v` is read through (prim::GetAttr only), if it is.
std::optional<Path> attributePath(const Value* v) {
  std::vector<std::string> names;
  while (v->node()->kind() == prim::GetAttr) {
    names.push_back(v->node()->s(attr::name));
    v = v->node()->input(0);
  }
  if (v->node()->kind() != prim::Param || v->owningGraph()->block() != v->node()->owningBlock()) return std::nullopt;
  return Path{v->offset(), {names.rbegin(), names.rend()}};
}

bool setsTraining(const Block& block) {
  for (const Node* n : block.nodes()) {
    if (n->kind() == prim::SetAttr && n->s(attr::name) == kTraining) return true;
    for (const Block* b : n->blocks())
      if (setsTraining(*b)) return true;
  }
  return false;
}

void collectProfiled(const Block& block,
                     std::map<std::pair<size_t, std::vector<std::string>>, std::optional<bool>>& out) {
  for (const Node* n : block.nodes()) {
    for (const Block* b : n->blocks()) collectProfiled(*b, out);
    if (n->kind() != prim::profile_ivalue || !isTrainingFlagRead(n->input(0))) continue;
    std::optional<Path> path = attributePath(n->input(0));
    if (!path) continue;
    const ProfileIValueSlot& slot = profileIValueSlot(n);
    std::optional<IValue> seen = slot.constant();
    // A read no profiled run reached (a branch not taken: mobilenet's `if self.use_res_connect`
    // reads the same modules in both branches) says nothing about the flag.
    if (!seen && !slot.varied()) continue;
    auto key = std::make_pair(path->input, path->names);
    std::optional<bool> value;
    if (seen && seen->isBool()) value = seen->toBool();
    auto it = out.find(key);
    if (it == out.end())
      out.emplace(key, value);
    else if (it->second != value)
      it->second.reset();  // two reads of one flag that disagreed
  }
}

// The flag's current value in `inputs`, or nullopt when the path no longer leads to a bool.
std::optional<bool> currentValue(const AttributeFlag& flag, const IValue* inputs) {
  IValue v = inputs[flag.input];
  for (const std::string& name : flag.path) {
    if (!v.isObject()) return std::nullopt;
    v = v.toObjectRef().getAttr(name);
  }
  if (!v.isBool()) return std::nullopt;
  return v.toBool();
}

std::string pathText(const AttributeFlag& flag) {
  std::ostringstream out;
  out << "input " << flag.input;
  for (const std::string& name : flag.path) out << "." << name;
  return out.str();
}

void replaceReads(Block* block, const std::map<std::pair<size_t, std::vector<std::string>>, Value*>& constants,
                  bool& changed) {
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) replaceReads(b, constants, changed);
    if (n->kind() != prim::GetAttr || !isTrainingFlagRead(n->output())) continue;
    std::optional<Path> path = attributePath(n->output());
    if (!path) continue;
    auto it = constants.find({path->input, path->names});
    if (it == constants.end()) continue;
    n->output()->replaceAllUsesWith(it->second);
    changed = true;
  }
}

}  // namespace

bool trainingFlagSpecializationEnabled() {
  static const bool enabled = [] {
    const char* env = std::getenv("EMBER_TRAINING_FLAGS");
    return !env || std::string(env) != "0";
  }();
  return enabled;
}

bool isTrainingFlagRead(const Value* v) {
  return v->node()->kind() == prim::GetAttr && v->node()->s(attr::name) == kTraining &&
         v->type()->kind() == TypeKind::BoolType;
}

std::vector<AttributeFlag> profiledTrainingFlags(const Graph& profiled) {
  std::vector<AttributeFlag> flags;
  if (!trainingFlagSpecializationEnabled() || setsTraining(*profiled.block())) return flags;
  std::map<std::pair<size_t, std::vector<std::string>>, std::optional<bool>> seen;
  collectProfiled(*profiled.block(), seen);
  for (const auto& [key, value] : seen)
    if (value) flags.push_back(AttributeFlag{key.first, key.second, *value});
  return flags;
}

bool trainingFlagsHold(const std::vector<AttributeFlag>& flags, const IValue* inputs) {
  for (const AttributeFlag& f : flags)
    if (currentValue(f, inputs) != std::optional<bool>(f.value)) return false;
  return true;
}

std::string trainingFlagMismatch(const std::vector<AttributeFlag>& flags, const IValue* inputs) {
  for (const AttributeFlag& f : flags) {
    std::optional<bool> now = currentValue(f, inputs);
    if (now == std::optional<bool>(f.value)) continue;
    std::ostringstream out;
    out << pathText(f) << ": " << (now ? (*now ? "True" : "False") : "not a bool") << ", expected "
        << (f.value ? "True" : "False");
    return out.str();
  }
  return "";
}

Value* insertTrainingFlagGuards(Graph& g, const std::vector<Value*>& inputs, const std::vector<AttributeFlag>& flags,
                                Value* ok) {
  // Paths share their prefixes (self.layer1.0.bn1, self.layer1.0.bn2): each object is read once.
  std::map<std::pair<size_t, std::vector<std::string>>, Value*> objects;
  for (const AttributeFlag& f : flags) {
    Value* v = inputs[f.input];
    std::vector<std::string> prefix;
    for (size_t i = 0; i + 1 < f.path.size(); ++i) {
      prefix.push_back(f.path[i]);
      auto [it, fresh] = objects.emplace(std::make_pair(f.input, prefix), nullptr);
      if (fresh) it->second = g.insertNode(g.createGetAttr(v, f.path[i]))->output();
      v = it->second;
    }
    Value* flag = g.insertNode(g.createGetAttr(v, f.path.back()))->output();
    Value* same = f.value ? flag : g.insert(Symbol::aten("__not__"), {flag});
    ok = g.insert(Symbol::aten("__and__"), {ok, same});
  }
  return ok;
}

bool replaceTrainingFlagReads(Block& body, const std::vector<AttributeFlag>& flags) {
  if (flags.empty()) return false;
  Graph& g = *body.owningGraph();
  std::map<std::pair<size_t, std::vector<std::string>>, Value*> constants;
  {
    WithInsertPoint point(body.nodes().front());  // the return node when the block is empty
    for (const AttributeFlag& f : flags) constants[{f.input, f.path}] = g.insertConstant(IValue(f.value));
  }
  bool changed = false;
  replaceReads(&body, constants, changed);
  return changed;
}

}  // namespace ember::jit
