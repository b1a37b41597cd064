#include "ember/runtime/print_sink.h"

#include <cstdio>
#include <mutex>
#include <utility>

namespace ember::jit {
namespace {

std::mutex& sinkMutex() {
  static std::mutex m;
  return m;
}

PrintSink& currentSink() {
  static PrintSink sink;
  return sink;
}

WarningSink& currentWarningSink() {
  static WarningSink sink;
  return sink;
}

}  // namespace

PrintSink setPrintSink(PrintSink sink) {
  std::lock_guard<std::mutex> lock(sinkMutex());
  return std::exchange(currentSink(), std::move(sink));
}

void printToSink(std::string_view text) {
  // Lines from concurrent threads (fork) must not interleave.
  std::lock_guard<std::mutex> lock(sinkMutex());
  if (currentSink()) {
    currentSink()(text);
    return;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

WarningSink setWarningSink(WarningSink sink) {
  std::lock_guard<std::mutex> lock(sinkMutex());
  return std::exchange(currentWarningSink(), std::move(sink));
}

void warnToSink(std::string_view message) {
  std::lock_guard<std::mutex> lock(sinkMutex());
  if (currentWarningSink()) {
    currentWarningSink()(message);
    return;
  }
  std::fprintf(stderr, "UserWarning: %.*s\n", static_cast<int>(message.size()), message.data());
}

}  // namespace ember::jit
