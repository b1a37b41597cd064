// FileCheck: ordered pattern matching over text, for tests of printed IR and messages, in the
// style of LLVM's FileCheck and torch.testing.FileCheck.
//
//   FileCheck().check("prim::If").checkNext("block0").checkNot("aten::mul").run(graphText);
//
// or with the checks written inside the IR text of a test:
//
//   # CHECK: aten::add
//   # CHECK-NEXT: return
//   FileCheck::runAnnotated(checksText, outputText);
//
// Directives:
//   check(p)          p occurs after the previous match
//   checkNext(p)      p occurs on the line right after the previous match's line
//   checkSame(p)      p occurs on the same line as the previous match
//   checkNot(p)       p does not occur between the previous match and the next one (or the end)
//   checkCount(p, n, exactly)   p occurs n times from here; with `exactly`, not once more before
//                     the next match (or the end)
//   checkDag(p)       consecutive DAG checks match in any order after the previous match; the
//                     group ends where its last-ending match ends
//   checkRegex(p)     like check, with an ECMAScript regular expression
// A failed run throws ember::Error whose message names the directive and shows the text from
// where the search started, with the failing position highlighted.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ember::jit {

class FileCheck {
 public:
  FileCheck& check(std::string pattern);
  FileCheck& checkNext(std::string pattern);
  FileCheck& checkSame(std::string pattern);
  FileCheck& checkNot(std::string pattern);
  FileCheck& checkCount(std::string pattern, int count, bool exactly = false);
  FileCheck& checkDag(std::string pattern);
  FileCheck& checkRegex(std::string pattern);

  // Runs the checks added so far against `text`.
  void run(std::string_view text) const;
  // Reads `# CHECK:`, `# CHECK-NEXT:`, `# CHECK-SAME:`, `# CHECK-NOT:`, `# CHECK-DAG:`,
  // `# CHECK-COUNT-N:` and `# CHECK-COUNT-EXACTLY-N:` lines from `checks` and runs them on `text`.
  static void runAnnotated(std::string_view checks, std::string_view text);
  // Same as run(), returning false instead of throwing.
  bool matches(std::string_view text) const;

 private:
  enum class Kind { Check, Next, Same, Not, Count, Dag, Regex };
  struct Directive {
    Kind kind;
    std::string pattern;
    int count = 1;
    bool exactly = false;
  };
  FileCheck& add(Directive d);
  std::vector<Directive> directives_;
};

}  // namespace ember::jit
