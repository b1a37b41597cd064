// `ember export TARGET --inputs FILE -o OUT.pt2e`: captures an ExportedProgram from a method of
// an archive or a function of a TorchScript source file and saves it (docs/export.md);
// `ember run-exported OUT.pt2e --inputs FILE`: loads a saved program and runs it.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "ember/error.h"
#include "ember/export/export.h"
#include "ember/export/serialize.h"
#include "ember/serialization/torch_save.h"
#include "options.h"
#include "target.h"

namespace ember::cli {

namespace {

const char* kExportUsage =
    "usage: ember export TARGET --inputs FILE [--method NAME] [--dynamic SPEC[,SPEC...]]\n"
    "                           [--decompose] [--print] [-o OUT.pt2e]\n"
    "\n"
    "Captures an exported program (Export IR: a functional ATen graph with lifted parameters and\n"
    "buffers) by running TARGET's method on the example inputs, and saves it as OUT.pt2e.\n"
    "TARGET is a TorchScript archive or a TorchScript source file.\n"
    "\n"
    "  --inputs FILE        example positional arguments (torch.save of a tuple, or a .npy file)\n"
    "  --method NAME        method or function to export (default: forward)\n"
    "  --dynamic SPEC       dynamic sizes, INPUT:DIM:MIN:MAX[:NAME] each: dimension DIM of the\n"
    "                       argument INPUT (its name or position) may take any size in [MIN, MAX];\n"
    "                       NAME names the symbol (default INPUT_dimDIM); one NAME on several\n"
    "                       dimensions makes them equal\n"
    "  --decompose          lower the graph to core ATen operators (run_decompositions)\n"
    "  --print              print the exported program\n"
    "  -o OUT               where to save it (a .pt2e file; see docs/export.md)\n";

const char* kRunUsage =
    "usage: ember run-exported PROGRAM.pt2e --inputs FILE [--save-outputs FILE] [--print]\n"
    "\n"
    "Runs a program saved by `ember export` on the inputs (checked against its input specs and\n"
    "range constraints) and prints the result as Python prints it, or saves it with torch.save.\n";

int64_t parseInt(const std::string& s, const std::string& spec) {
  size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  EMBER_CHECK(used == s.size() && !s.empty(), "--dynamic ", spec, ": '", s, "' is not an integer");
  return v;
}

std::vector<exporter::DynamicDim> parseDynamic(const std::string& text) {
  std::vector<exporter::DynamicDim> out;
  std::stringstream all(text);
  for (std::string spec; std::getline(all, spec, ',');) {
    std::vector<std::string> f;
    std::stringstream parts(spec);
    for (std::string p; std::getline(parts, p, ':');) f.push_back(p);
    EMBER_CHECK(f.size() == 4 || f.size() == 5, "--dynamic ", spec, ": expected INPUT:DIM:MIN:MAX[:NAME]");
    EMBER_CHECK(!f[0].empty(), "--dynamic ", spec, ": INPUT is empty");
    exporter::DynamicDim d;
    if (f[0].find_first_not_of("0123456789") == std::string::npos) d.input = static_cast<size_t>(parseInt(f[0], spec));
    else d.inputName = f[0];
    d.dim = parseInt(f[1], spec);
    d.spec = exporter::Dim{f.size() == 5 ? f[4] : f[0] + "_dim" + f[1], parseInt(f[2], spec), parseInt(f[3], spec)};
    out.push_back(std::move(d));
  }
  return out;
}

void printResult(const jit::IValue& v) {
  if (v.isString()) std::cout << v.toStringRef() << "\n";
  else std::cout << v.repr() << "\n";
}

}  // namespace

int runExport(const std::vector<std::string>& args) {
  Options opts("export", kExportUsage);
  for (const char* o : {"--inputs", "--method", "--dynamic", "-o"}) opts.option(o);
  opts.flag("--decompose");
  opts.flag("--print");
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one TARGET");
  if (!opts.has("--inputs")) return opts.fail("--inputs FILE is required (the example inputs)");
  if (!opts.has("-o") && !opts.has("--print")) return opts.fail("nothing to do: give -o OUT or --print");
  try {
    Target target = loadTarget(opts.positionals()[0]);
    exporter::ExportOptions options;
    options.method = opts.get("--method").value_or("forward");
    jit::Function& fn = target.function(options.method);
    std::vector<jit::IValue> inputs = loadInputs(opts.get("--inputs"));
    if (auto d = opts.get("--dynamic")) options.dynamic = parseDynamic(*d);
    exporter::ExportedProgram ep = target.isArchive ? exporter::exportModule(target.module, inputs, options)
                                                    : exporter::exportFunction(fn, inputs, options);
    if (opts.has("--decompose")) ep = ep.run_decompositions();
    if (opts.has("--print")) std::cout << ep.str();
    if (auto out = opts.get("-o")) exporter::save(ep, *out);
    return 0;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

int runExported(const std::vector<std::string>& args) {
  Options opts("run-exported", kRunUsage);
  for (const char* o : {"--inputs", "--save-outputs"}) opts.option(o);
  opts.flag("--print");
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one PROGRAM");
  try {
    exporter::ExportedProgram ep = exporter::load(opts.positionals()[0]);
    if (opts.has("--print")) std::cout << ep.str();
    std::vector<jit::IValue> inputs = loadInputs(opts.get("--inputs"));
    jit::IValue result = ep.module().forward(inputs);
    if (auto out = opts.get("--save-outputs")) jit::pickleSave(result, *out);
    else printResult(result);
    return 0;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
