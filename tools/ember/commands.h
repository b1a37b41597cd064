// Subcommands of the `ember` tool. Each returns the process exit status: 0 on success, 1 on
// any failure (with a short message on stderr).
#pragma once

#include <string>
#include <vector>

namespace ember::cli {

int runIr(const std::vector<std::string>& args);
int runRun(const std::vector<std::string>& args);
int runGraph(const std::vector<std::string>& args);
int runCode(const std::vector<std::string>& args);
int runCompile(const std::vector<std::string>& args);
int runInfo(const std::vector<std::string>& args);
int runBench(const std::vector<std::string>& args);
int runOps(const std::vector<std::string>& args);
int runExport(const std::vector<std::string>& args);
int runExported(const std::vector<std::string>& args);

// Re-executes the tool with a short libgomp spin wait unless the environment sets one
// (openmp_wait.cpp); returns only when it does not re-execute.
void shortenOpenmpSpinWait(char** argv);

}  // namespace ember::cli
