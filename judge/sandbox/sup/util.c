/*
 * util.c: small helpers every role of the supervisor uses.
 *
 * Diagnostics on stderr (prefixed with the role, so the judge's logs say which process spoke),
 * a monotonic clock in milliseconds, whole-file reads and writes for cgroup and /proc files,
 * strict decimal parsing for option values, and the termination handling shared by the three
 * roles that run under the judge (outer, persistent box, pair launcher): SIGTERM, SIGINT, SIGHUP
 * and the judge's death all end the run cleanly instead of killing the supervisor outright.
 */
#include "judge-sup.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *prog = "judge-sup";
volatile sig_atomic_t sup_terminated = 0;

void diag(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  dprintf(2, "%s: %.*s\n", prog, n, buf);
}

int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {
  }
}

int write_file(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t len = strlen(text);
  ssize_t n = write(fd, text, len);
  int saved = errno;
  close(fd);
  errno = saved;
  return n == (ssize_t)len ? 0 : -1;
}

ssize_t read_file(const char *path, char *buf, size_t size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t got = 0;
  while (got + 1 < size) {
    ssize_t n = read(fd, buf + got, size - 1 - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += (size_t)n;
  }
  close(fd);
  buf[got] = 0;
  return (ssize_t)got;
}

/* Value of "key N" in a flat-keyed file (memory.events, pids.events, cpu.stat, oom_control). */
long long read_keyed(const char *path, const char *key) {
  char buf[4096];
  if (read_file(path, buf, sizeof buf) < 0) return -1;
  size_t klen = strlen(key);
  for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    if (strncmp(line, key, klen) == 0 && line[klen] == ' ') return atoll(line + klen + 1);
  }
  return -1;
}

/* A file holding one number, or "max" (LLONG_MAX); -1 when unreadable. */
long long read_number(const char *path) {
  char buf[64];
  if (read_file(path, buf, sizeof buf) <= 0) return -1;
  if (strncmp(buf, "max", 3) == 0) return LLONG_MAX;
  return atoll(buf);
}

/* A whole decimal string, nothing else. 0 ok, -1 bad. */
int parse_int(const char *s, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end) return -1;
  *out = v;
  return 0;
}

void reap_all(void) {
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static void on_terminate(int sig) {
  (void)sig;
  sup_terminated = 1;
}

/* SIGTERM/SIGINT/SIGHUP set sup_terminated (no SA_RESTART: a blocking call returns EINTR); the
   judge dying counts as SIGTERM; SIGPIPE is ignored (a vanished reader is an error, not death). */
void watch_termination(void) {
  struct sigaction sa = {0};
  sa.sa_handler = on_terminate;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) sup_terminated = 1;
}

/* In a child forked before an exec: undoes watch_termination and unblocks every signal, so the
   exec'd supervisor or bwrap starts with default dispositions. */
void default_signals(void) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
}

/* Path of this binary (bound into the box as the inner supervisor, re-executed by --pair). */
int self_exe(char *out, size_t size) {
  ssize_t k = readlink("/proc/self/exe", out, size - 1);
  if (k <= 0) return -1;
  out[k] = 0;
  return 0;
}
