/*
 * pair.c: the pair launcher for interactive problems — two sandboxes whose programs talk through
 * two kernel pipes, a's stdout into b's stdin and b's stdout into a's stdin.
 *
 *   judge-sup --pair OK_EXITS N <N outer args of side a> <outer args of side b>
 *
 * Side a is the contestant, side b the interactor. Each side is an ordinary one-shot outer
 * supervisor (its own cgroups, namespaces, seccomp filter and uid), started by re-executing this
 * binary as `--pair-side 6 <its args>`: fd 6 carries back the side's program exit code as a
 * binary frame, so the launcher never reads JSON. Nothing is proxied: the programs hold the pipe
 * ends themselves. The launcher keeps its own copies of all four ends, so "who ended first" is
 * causal: a program can only see EOF or SIGPIPE after the launcher has reaped the other side and
 * recorded it. a's write end is closed when a is reaped, b's when b is reaped; the read end of
 * a->b only when b exited with a code outside OK_EXITS (a comma list), so a then gets SIGPIPE
 * instead of hanging until its wall limit. Fds from the caller: 1 the result, 2 diagnostics,
 * 3 a's stderr, 4 b's stderr. It prints {"error":null,"first":"a"|"b"|null,"a":<a's result>,
 * "b":<b's result>}, each side's result being that side's own JSON line, verbatim.
 */
#include "judge-sup.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

/* Moves fd above the range the children use (0-6), close-on-exec; -1 stays -1. */
static int fd_high(int fd) {
  if (fd < 0) return -1;
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, 64);
  close(fd);
  return moved;
}

static int pipe_high(int p[2]) {
  int raw[2];
  if (pipe2(raw, O_CLOEXEC) < 0) return -1;
  p[0] = fd_high(raw[0]);
  p[1] = fd_high(raw[1]);
  return p[0] < 0 || p[1] < 0 ? -1 : 0;
}

static void close_fd(int *fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

static int in_list(const char *list, long long value) {
  for (const char *p = list; p && *p;) {
    char *end;
    long long v = strtoll(p, &end, 10);
    if (end == p) return 0;
    if (v == value) return 1;
    p = *end == ',' ? end + 1 : end;
    if (*end && *end != ',') return 0;
  }
  return 0;
}

struct side {
  pid_t pid;
  int pidfd;
  int result_fd; /* read end of the side supervisor's stdout */
  int status_fd; /* read end of its status frame */
  int reaped;
  char result[4096];
  struct side_status status;
};

/* Starts one side: fd 1 its result pipe, 3/4/5 the program's stdin/stdout/stderr, 6 its status. */
static pid_t spawn_side(const char *self, char **args, const int fds[5]) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  default_signals();
  int devnull = open("/dev/null", O_RDWR);
  /* every source is >= 64 (fd_high), so no dup2 below overwrites another source */
  static const int targets[5] = {1, FD_PROG_IN, FD_PROG_OUT, FD_PROG_ERR, FD_SIDE_STATUS};
  int ok = devnull >= 0 && dup2(devnull, 0) >= 0;
  for (int i = 0; i < 5 && ok; i++) ok = dup2(fds[i], targets[i]) >= 0;
  if (!ok) {
    diag("pair: cannot set up a side's fds: %s", strerror(errno));
    _exit(125);
  }
  if (devnull > FD_SIDE_STATUS) close(devnull);
  execv(self, args);
  diag("pair: exec %s: %s", self, strerror(errno));
  _exit(126);
}

/* After the side was reaped its result and status are already in the pipes; non-blocking, so a
   stray holder of a write end can never hang the launcher. */
static void read_side(struct side *s) {
  size_t got = 0;
  fcntl(s->result_fd, F_SETFL, O_NONBLOCK);
  for (;;) {
    ssize_t k = read(s->result_fd, s->result + got, sizeof s->result - 1 - got);
    if (k > 0) {
      got += (size_t)k;
      if (got >= sizeof s->result - 1) break;
      continue;
    }
    if (k < 0 && errno == EINTR) continue;
    break;
  }
  s->result[got] = 0;
  while (got > 0 && isspace((unsigned char)s->result[got - 1])) s->result[--got] = 0;
  close_fd(&s->result_fd);
  fcntl(s->status_fd, F_SETFL, O_NONBLOCK);
  ssize_t k;
  while ((k = read(s->status_fd, &s->status, sizeof s->status)) < 0 && errno == EINTR) {
  }
  if (k != (ssize_t)sizeof s->status || s->status.magic != STATUS_MAGIC) s->status.exit_code = -1;
  close_fd(&s->status_fd);
}

static int side_result_ok(const struct side *s) {
  size_t n = strlen(s->result);
  return n > 1 && s->result[0] == '{' && s->result[n - 1] == '}' && !strchr(s->result, '\n');
}

/* argv of one side: [self, --pair-side, 6, its args..., NULL] */
static char **side_args(char *self, char **args, long long n) {
  char **v = calloc((size_t)n + 4, sizeof *v);
  if (!v) return NULL;
  v[0] = self;
  v[1] = (char *)"--pair-side";
  v[2] = (char *)"6";
  for (long long i = 0; i < n; i++) v[i + 3] = args[i];
  return v;
}

static int pair_failure(const char *error) {
  printf("{\"error\":\"%s\",\"first\":null,\"a\":null,\"b\":null}\n", error);
  return 2;
}

int pair_main(int argc, char **argv) {
  prog = "judge-sup(pair)";
  struct sup_opts o;
  opts_defaults(MODE_PAIR, &o);
  /* --pair OK_EXITS N, then side a's N arguments (at least 2), then side b's (at least 1) */
  if (parse_options(MODE_PAIR, argc - 1, argv + 1, &o) < 0 || o.n_rest < 2 || o.split < 2 ||
      o.split >= o.n_rest) {
    diag("usage: --pair OK_EXITS N <N args of side A> <args of side B>");
    return pair_failure("bad supervisor arguments");
  }
  static char self[PATH_MAX];
  if (self_exe(self, sizeof self) < 0) return pair_failure("cannot find the supervisor binary");

  watch_termination();
  /* Terminating signals stay blocked except inside ppoll, so none is lost between checks. */
  sigset_t blocked, unblocked;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGTERM);
  sigaddset(&blocked, SIGINT);
  sigaddset(&blocked, SIGHUP);
  sigprocmask(SIG_BLOCK, &blocked, &unblocked);
  sigdelset(&unblocked, SIGTERM);
  sigdelset(&unblocked, SIGINT);
  sigdelset(&unblocked, SIGHUP);

  char **args_a = side_args(self, o.rest, o.split);
  char **args_b = side_args(self, o.rest + o.split, o.n_rest - o.split);
  if (!args_a || !args_b) return 2;

  int err_a = fd_high(fcntl(FD_PROG_IN, F_GETFD) >= 0 ? dup(FD_PROG_IN) : open("/dev/null", O_WRONLY));
  int err_b = fd_high(fcntl(FD_PROG_OUT, F_GETFD) >= 0 ? dup(FD_PROG_OUT) : open("/dev/null", O_WRONLY));
  close(FD_PROG_IN);
  close(FD_PROG_OUT);
  int ab[2] = {-1, -1}, ba[2] = {-1, -1}, ra[2] = {-1, -1}, rb[2] = {-1, -1}, sa[2] = {-1, -1}, sb[2] = {-1, -1};
  if (err_a < 0 || err_b < 0 || pipe_high(ab) < 0 || pipe_high(ba) < 0 || pipe_high(ra) < 0 ||
      pipe_high(rb) < 0 || pipe_high(sa) < 0 || pipe_high(sb) < 0)
    return pair_failure("pair: pipe setup failed");
  fflush(stdout);
  struct side a = {.pid = -1, .pidfd = -1, .result_fd = ra[0], .status_fd = sa[0]};
  struct side b = {.pid = -1, .pidfd = -1, .result_fd = rb[0], .status_fd = sb[0]};
  a.pid = spawn_side(self, args_a, (const int[5]){ra[1], ba[0], ab[1], err_a, sa[1]});
  if (a.pid > 0) b.pid = spawn_side(self, args_b, (const int[5]){rb[1], ab[0], ba[1], err_b, sb[1]});
  close_fd(&ra[1]);
  close_fd(&rb[1]);
  close_fd(&sa[1]);
  close_fd(&sb[1]);
  close_fd(&err_a);
  close_fd(&err_b);
  if (a.pid < 0 || b.pid < 0) {
    if (a.pid > 0) {
      kill(a.pid, SIGTERM);
      waitpid(a.pid, NULL, 0);
    }
    return pair_failure("pair: fork failed");
  }
  a.pidfd = (int)syscall(SYS_pidfd_open, a.pid, 0);
  b.pidfd = (int)syscall(SYS_pidfd_open, b.pid, 0);

  const char *first = NULL;
  int forwarded = 0;
  while (!a.reaped || !b.reaped) {
    if (sup_terminated && !forwarded) {
      /* each side kills its box, cleans up and still reports */
      if (!a.reaped) kill(a.pid, SIGTERM);
      if (!b.reaped) kill(b.pid, SIGTERM);
      forwarded = 1;
    }
    struct pollfd pfd[2];
    nfds_t n = 0;
    if (!a.reaped && a.pidfd >= 0) pfd[n++] = (struct pollfd){.fd = a.pidfd, .events = POLLIN};
    if (!b.reaped && b.pidfd >= 0) pfd[n++] = (struct pollfd){.fd = b.pidfd, .events = POLLIN};
    /* without pidfds: poll the children every 5 ms */
    struct timespec tick = {0, 5 * 1000000L};
    int both_pidfds = (a.reaped || a.pidfd >= 0) && (b.reaped || b.pidfd >= 0);
    ppoll(n ? pfd : NULL, n, both_pidfds ? NULL : &tick, &unblocked);
    /* A first on a tie: the contestant's own failure wins unless the interactor was earlier. */
    struct side *order[2] = {&a, &b};
    for (int i = 0; i < 2; i++) {
      struct side *s = order[i];
      if (s->reaped) continue;
      int st;
      pid_t w = waitpid(s->pid, &st, WNOHANG);
      if (w != s->pid) continue;
      s->reaped = 1;
      close_fd(&s->pidfd);
      if (!first) first = s == &a ? "a" : "b";
      read_side(s);
      if (s == &a) {
        close_fd(&ab[1]); /* B may now see EOF */
      } else {
        close_fd(&ba[1]); /* A may now see EOF */
        long long code = side_result_ok(s) ? s->status.exit_code : -1;
        if (!in_list(o.ok_exits, code)) close_fd(&ab[0]); /* B decided against A: A gets SIGPIPE */
      }
    }
  }
  close_fd(&ab[0]);
  close_fd(&ab[1]);
  close_fd(&ba[0]);
  close_fd(&ba[1]);
  printf("{\"error\":null,\"first\":");
  if (first) printf("\"%s\"", first);
  else printf("null");
  printf(",\"a\":%s,\"b\":%s}\n", side_result_ok(&a) ? a.result : "null", side_result_ok(&b) ? b.result : "null");
  fflush(stdout);
  return 0;
}
