/*
 * inner.c: the inner supervisor's run loop — pid 1 inside bwrap starting one program and
 * watching it to the end.
 *
 * pid 1 runs as root with only CAP_SETUID, CAP_SETGID, CAP_KILL and CAP_SETPCAP. For a run it
 * forks; the child makes itself the OOM killer's first choice, sets the rlimits, gives up every
 * capability and the root uid, wires the program's stdio and execs it. The parent waits with
 * wait4: inside the namespace only pid 1 sees the program's real exit status and rusage (bwrap
 * re-encodes signals and reports its own usage). When the outer supervisor asks it to stop the
 * program (SIGUSR1), it kills every process of the namespace and still reports. After the
 * program it kills and reaps whatever the program left running, so nothing outlives the run.
 * The same loop serves a one-shot run (--inner, here) and every run of a persistent box
 * (persistent-inner.c).
 */
#include "judge-sup.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_close_range
#define SYS_close_range 436
#endif

volatile sig_atomic_t inner_kill_requested = 0;

static void on_kill_request(int sig) {
  (void)sig;
  inner_kill_requested = 1;
}

/* pid 1 only gets signals it handles: SIGUSR1 from the outer supervisor means "kill the
   program", and so does SIGTERM. No SA_RESTART: a blocking wait returns EINTR. */
void inner_signals(void) {
  struct sigaction sa = {0};
  sa.sa_handler = on_kill_request;
  sigaction(SIGUSR1, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* fd: the stream handed over by the outer supervisor (-1: /dev/null). */
static int redirect(const char *path, int target, int flags, int fd) {
  if (!path) {
    int src = fd;
    if (src < 0 || fcntl(src, F_GETFD) < 0) src = open("/dev/null", target == 0 ? O_RDONLY : O_WRONLY);
    if (src < 0) return -1;
    return dup2(src, target) < 0 ? -1 : 0;
  }
  int pfd = open(path, flags | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (pfd < 0) return -1;
  if (dup2(pfd, target) < 0) return -1;
  close(pfd);
  return 0;
}

/* Runs in the forked child: never returns. Reports a setup failure as "stage:errno" on errfd.
   fds: the program's stdin/stdout/stderr from the outer supervisor (-1: /dev/null). */
static void inner_child(const struct sup_opts *o, const int fds[3], int errfd) {
  const char *stage = "oom_score_adj";
  int fd = open("/proc/self/oom_score_adj", O_WRONLY);
  if (fd >= 0) {
    /* The OOM killer must pick the program, never a supervisor. */
    if (write(fd, "1000", 4) < 0) {
    }
    close(fd);
  }
  set_limit(RLIMIT_CORE, 0);
  if (o->cpu_s > 0) {
    /* hard above soft: the program gets SIGXCPU (reported as a CPU time-out), SIGKILL a second later */
    struct rlimit cpu = {(rlim_t)o->cpu_s, (rlim_t)o->cpu_s + 1};
    setrlimit(RLIMIT_CPU, &cpu);
  }
  if (o->fsize > 0) set_limit(RLIMIT_FSIZE, o->fsize);
  set_limit(RLIMIT_STACK, o->stack_kb > 0 ? o->stack_kb * 1024 : -1);
  if (o->nofile > 0) set_limit(RLIMIT_NOFILE, o->nofile);
  if (o->nproc > 0) set_limit(RLIMIT_NPROC, o->nproc);
  if (o->as_kb > 0) set_limit(RLIMIT_AS, o->as_kb * 1024);
  if (o->chdir && chdir(o->chdir) < 0) {
    stage = "chdir";
    goto fail;
  }
  if (drop_privileges(o->uid, &stage) < 0) goto fail;
  /* Opened as the box uid: the program can only redirect to what it may open itself. The
     handed-over fds are above 2 (the caller moved them), so dup2 never clobbers one of them. */
  stage = "stdin";
  if (redirect(o->in, 0, O_RDONLY, fds[0]) < 0) goto fail;
  stage = "stdout";
  if (redirect(o->out, 1, O_WRONLY | O_CREAT | O_TRUNC, fds[1]) < 0) goto fail;
  stage = "stderr";
  if (redirect(o->err, 2, O_WRONLY | O_CREAT | O_TRUNC, fds[2]) < 0) goto fail;
  /* errfd is close-on-exec; everything else above stderr goes now */
  if (errfd > 3) {
    if (syscall(SYS_close_range, 3, errfd - 1, 0) < 0)
      for (int i = 3; i < errfd; i++) close(i);
  }
  if (syscall(SYS_close_range, errfd + 1, ~0U, 0) < 0)
    for (int i = errfd + 1; i < 1024; i++) close(i);
  /* bwrap --chdir exports PWD; the program gets exactly the configured environment. */
  unsetenv("PWD");
  for (int i = 0; i < o->env.n; i++) putenv((char *)o->env.v[i]);
  signal(SIGPIPE, SIG_DFL);
  signal(SIGUSR1, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  stage = "exec";
  execvp(o->rest[0], o->rest);
fail:;
  char msg[128];
  int n = snprintf(msg, sizeof msg, "%s:%d", stage, errno);
  if (write(errfd, msg, (size_t)n) < 0) {
  }
  _exit(127);
}

/* Kills every process of the namespace but pid 1 (this process) and reaps them all. */
void kill_and_reap_all(void) {
  for (;;) {
    kill(-1, SIGKILL);
    pid_t p = wait4(-1, NULL, 0, NULL);
    if (p < 0 && errno == ECHILD) return;
  }
}

static void fill_report(struct run_report *rep, int status, const struct rusage *ru, const char *setup) {
  memset(rep, 0, sizeof *rep);
  rep->magic = REPORT_MAGIC;
  rep->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  rep->signal = WIFSIGNALED(status) ? WTERMSIG(status) : -1;
  rep->killed = inner_kill_requested ? 1 : 0;
  rep->utime_ms = ru->ru_utime.tv_sec * 1000LL + ru->ru_utime.tv_usec / 1000;
  rep->stime_ms = ru->ru_stime.tv_sec * 1000LL + ru->ru_stime.tv_usec / 1000;
  rep->maxrss_kb = ru->ru_maxrss;
  snprintf(rep->setup, sizeof rep->setup, "%s", setup);
}

/* Forks the program, waits for it, then kills and reaps everything else in the namespace.
   fds are closed here (the child has its copies). 0 with *rep filled, -1 on a failure of pid 1. */
int run_program(const struct sup_opts *o, int fds[3], struct run_report *rep) {
  char setup[128] = "";
  int errpipe[2];
  if (pipe2(errpipe, O_CLOEXEC) < 0) {
    diag("pipe: %s", strerror(errno));
    return -1;
  }
  pid_t child = fork();
  if (child < 0) {
    diag("fork: %s", strerror(errno));
    close(errpipe[0]);
    close(errpipe[1]);
    return -1;
  }
  if (child == 0) {
    close(errpipe[0]);
    inner_child(o, fds, errpipe[1]);
  }
  close(errpipe[1]);
  for (int i = 0; i < 3; i++)
    if (fds[i] >= 0) close(fds[i]);

  for (;;) {
    ssize_t n = read(errpipe[0], setup, sizeof setup - 1);
    if (n < 0 && errno == EINTR) {
      if (inner_kill_requested) kill(child, SIGKILL);
      continue;
    }
    setup[n > 0 ? n : 0] = 0;
    break;
  }
  close(errpipe[0]);

  for (;;) {
    if (inner_kill_requested) kill(-1, SIGKILL);
    struct rusage r;
    int st;
    pid_t p = wait4(-1, &st, 0, &r);
    if (p == child) {
      fill_report(rep, st, &r, setup);
      break;
    }
    if (p < 0 && errno != EINTR) {
      diag("wait4: %s", strerror(errno));
      return -1;
    }
  }
  /* Leftover background processes die now, before the report, so nothing outlives the run. */
  kill_and_reap_all();
  return 0;
}

/* --inner: one run, then the report on the channel. */
int inner_main(int argc, char **argv) {
  prog = "judge-sup(inner)";
  struct sup_opts o;
  opts_defaults(MODE_INNER, &o);
  o.nofile = 64;
  if (parse_options(MODE_INNER, argc - 1, argv + 1, &o) < 0 || o.n_rest <= 0 || o.uid <= 0) {
    diag("usage: --inner --uid N [...] -- PROGRAM");
    return 120;
  }
  int sock = (int)o.result_fd;
  inner_signals();
  channel_send(sock, MSG_HELLO, NULL, 0);

  int fds[3] = {FD_PROG_IN, FD_PROG_OUT, FD_PROG_ERR};
  struct run_report rep;
  if (run_program(&o, fds, &rep) < 0) return 121;
  channel_send(sock, MSG_REPORT, &rep, sizeof rep);
  return 0;
}
