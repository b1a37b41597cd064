// Runs many differential cases in one forked child that writes one reply line per case, so a
// crash or a hang costs one case rather than the whole suite: the parent restarts the child at
// the case after the one that ended it. Used by suites that run thousands of small cases in one
// process (tests/compat/opinfo, tests/compat/overloads).
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "ember/error.h"

namespace ember::testing_support {

// Runs check(i) for i in [from, count) in a child; returns the replies received before the child
// ended, and sets endedEarly when it ended before replying to every case (a crash, or no reply
// within timeoutSeconds). Newlines in a reply are turned into spaces.
inline std::vector<std::string> runInChild(size_t from, size_t count, const std::function<std::string(size_t)>& check,
                                           int timeoutSeconds, bool& endedEarly) {
  int fds[2];
  EMBER_CHECK(pipe(fds) == 0, "pipe failed");
  std::cout.flush();
  pid_t pid = fork();
  EMBER_CHECK(pid >= 0, "fork failed");
  if (pid == 0) {
    close(fds[0]);
    for (size_t i = from; i < count; ++i) {
      std::string r;
      try {
        r = check(i);
      } catch (const std::exception& e) {
        r = std::string("Fharness: ") + e.what();
      }
      for (char& ch : r)
        if (ch == '\n') ch = ' ';
      r += '\n';
      for (size_t off = 0; off < r.size();) {
        ssize_t n = write(fds[1], r.data() + off, r.size() - off);
        if (n <= 0) _exit(1);
        off += static_cast<size_t>(n);
      }
    }
    _exit(0);
  }
  close(fds[1]);
  std::vector<std::string> replies;
  std::string pending;
  char buf[8192];
  endedEarly = false;
  while (from + replies.size() < count) {
    pollfd pfd{fds[0], POLLIN, 0};
    int r = poll(&pfd, 1, timeoutSeconds * 1000);
    if (r == 0) {
      kill(pid, SIGKILL);
      endedEarly = true;
      break;
    }
    ssize_t n = r < 0 ? -1 : read(fds[0], buf, sizeof buf);
    if (n <= 0) {
      endedEarly = true;
      break;
    }
    pending.append(buf, static_cast<size_t>(n));
    for (size_t nl; (nl = pending.find('\n')) != std::string::npos; pending.erase(0, nl + 1))
      replies.push_back(pending.substr(0, nl));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return replies;
}

// Every case's reply: children are restarted after a crash or a hang, whose case gets `lost`.
inline std::vector<std::string> runAllInChildren(size_t count, const std::function<std::string(size_t)>& check,
                                                 int timeoutSeconds, const std::string& lost) {
  std::vector<std::string> outcome;
  while (outcome.size() < count) {
    bool endedEarly = false;
    auto replies = runInChild(outcome.size(), count, check, timeoutSeconds, endedEarly);
    outcome.insert(outcome.end(), replies.begin(), replies.end());
    if (endedEarly && outcome.size() < count) outcome.push_back(lost);
  }
  return outcome;
}

}  // namespace ember::testing_support
