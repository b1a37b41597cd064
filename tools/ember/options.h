// A small command-line parser shared by the subcommands: declared flags and valued options
// (`--name VALUE` or `--name=VALUE`), positionals, `--help`, and errors for unknown options,
// missing values and malformed numbers.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ember::cli {

class Options {
 public:
  // `usage` is printed for --help (stdout) and after errors (stderr).
  Options(std::string command, std::string usage) : command_(std::move(command)), usage_(std::move(usage)) {}

  void flag(const std::string& name) { specs_[name] = false; }
  void option(const std::string& name) { specs_[name] = true; }

  enum class Result { Ok, Help, Error };
  // Parses; on Help prints the usage to stdout, on Error a message and the usage to stderr.
  Result parse(const std::vector<std::string>& args);

  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::optional<std::string> get(const std::string& name) const;
  // Integer option in [min, max]; reports and returns nullopt when malformed.
  std::optional<long> getInt(const std::string& name, long fallback, long min, long max) const;
  const std::vector<std::string>& positionals() const { return positionals_; }

  // Prints "ember <command>: <message>" to stderr; returns 1 (the failure exit status).
  int fail(const std::string& message) const;
  const std::string& usage() const { return usage_; }

 private:
  std::string command_;
  std::string usage_;
  std::map<std::string, bool> specs_;  // name -> takes a value
  std::map<std::string, std::string> values_;
  std::vector<std::string> positionals_;
};

}  // namespace ember::cli
