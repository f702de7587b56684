/*
 * judge-sup: the Verdict judge's sandbox supervisor (one file, two modes).
 *
 * Outer mode (run by the judge as root):
 *   judge-sup [options] -- PROGRAM [ARGS...]
 *   Creates the run's cgroups (v1 or v2, nested under this process's own groups), builds a
 *   seccomp deny filter, forks and execs bubblewrap, which starts this same binary in inner mode
 *   as pid 1 of a fresh pid namespace. Enforces the wall-clock and the cgroup CPU limit, kills and
 *   reaps everything at the end, removes the cgroups and prints ONE JSON line on stdout.
 *
 *   Fds expected from the caller: 0 ignored, 1 result JSON, 2 diagnostics, 3/4/5 the program's
 *   stdin/stdout/stderr (opened by the caller, outside the box, so RLIMIT_FSIZE caps output files).
 *   --ro-bind SRC DST binds toolchains before /w; --mount-ro/--mount-rw SRC DST bind files or
 *   directories after /w (mount points under the read-only /w must already exist).
 *
 * Pair mode (interactive problems):
 *   judge-sup --pair OK_EXITS N [N outer args of side A] [outer args of side B]
 *   Creates two pipes and runs two outer supervisors (A: the contestant, B: the interactor) with
 *   A's stdout -> B's stdin and B's stdout -> A's stdin, connected in the kernel. Fds from the
 *   caller: 0 ignored, 1 result JSON, 2 diagnostics, 3 A's stderr, 4 B's stderr. Holds its own
 *   copies of the pipe ends so "who exited first" is causal (problem-formats.md §1.4): A's write
 *   end is closed when A is reaped, B's when B is reaped, the read end of A->B only when B exited
 *   with a code outside OK_EXITS (comma list), so A then gets SIGPIPE. Prints
 *   {"first":"a"|"b"|null,"a":<A's result>,"b":<B's result>}.
 *
 * Persistent mode (a box for many runs, docs/judge.md "Persistent box"):
 *   judge-sup --persistent [outer options without limits of a run or a program]
 *   Starts the cgroups and bwrap once, with `--inner-box` as pid 1, prints
 *   {"ready":true,"cgroup":...}, then takes run requests on stdin ("<length>\n" and that many
 *   bytes of NUL-terminated options: --cpu-ms --wall-ms --fsize --stack-kb --nofile --as-kb
 *   --chdir --env --stdin/--stdout/--stderr HOST_PATH -- argv) and prints one result line per run
 *   (the one-shot fields plus "boxAlive"). It opens the stdio files and hands them to pid 1 with
 *   SCM_RIGHTS over a SOCK_SEQPACKET socketpair (fd 6 in the box). Per run: the cgroup peak is
 *   reset and CPU, oom_kill and pids events are taken as deltas. pid 1 kills and reaps every
 *   process after each run and has /tmp and SysV IPC emptied by a box-uid child; a box that
 *   cannot be made clean, or dies, ends (boxAlive false). EOF on stdin or SIGTERM ends the box.
 *
 * cgroup self-test (tests only): judge-sup --cgroup-selftest, commands on stdin, runs the v2
 *   file handling against a fake cgroup directory (tests/judge/00-cgroup-v2.test.ts).
 *
 * Inner mode (pid 1 inside bwrap, root with only CAP_SETUID/CAP_SETGID/CAP_KILL/CAP_SETPCAP;
 * `--inner` for one run, `--inner-box` for a persistent box):
 *   judge-sup --inner [options] -- PROGRAM [ARGS...]
 *   Forks; the child sets oom_score_adj and rlimits, drops to the box uid, wires stdio and execs.
 *   The parent wait4s (only wait4 inside the namespace sees the program's real status and rusage)
 *   and writes a JSON report on an inherited fd.
 *
 * Build: judge/sandbox/build.sh (gcc -O2 ... -lseccomp).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef CLONE_NEWCGROUP
#define CLONE_NEWCGROUP 0x02000000
#endif
#ifndef AF_VSOCK
#define AF_VSOCK 40
#endif

/* Fd numbers of the internal protocol between outer, bwrap and inner. */
#define FD_PROG_IN 3
#define FD_PROG_OUT 4
#define FD_PROG_ERR 5
#define FD_INNER_RESULT 6
#define FD_SECCOMP 7
#define FD_BWRAP_INFO 8

#define MAX_LIST 64
#define POLL_MS 10
/* How long the inner supervisor gets to report after being asked to kill the program. */
#define GRACE_MS 500

static const char *prog = "judge-sup";

static void diag(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  dprintf(2, "%s: %.*s\n", prog, n, buf);
}

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {
  }
}

static int write_file(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t len = strlen(text);
  ssize_t n = write(fd, text, len);
  int saved = errno;
  close(fd);
  errno = saved;
  return n == (ssize_t)len ? 0 : -1;
}

static ssize_t read_file(const char *path, char *buf, size_t size) {
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
static long long read_keyed(const char *path, const char *key) {
  char buf[4096];
  if (read_file(path, buf, sizeof buf) < 0) return -1;
  size_t klen = strlen(key);
  for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    if (strncmp(line, key, klen) == 0 && line[klen] == ' ') return atoll(line + klen + 1);
  }
  return -1;
}

static long long read_number(const char *path) {
  char buf[64];
  if (read_file(path, buf, sizeof buf) <= 0) return -1;
  if (strncmp(buf, "max", 3) == 0) return LLONG_MAX;
  return atoll(buf);
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

/* Find "key": in our own flat JSON and return the number after it (or def). */
static long long json_num(const char *json, const char *key, long long def) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\":", key);
  const char *p = strstr(json, pat);
  if (!p) return def;
  p += strlen(pat);
  while (*p == ' ') p++;
  if (strncmp(p, "null", 4) == 0) return def;
  return atoll(p);
}

static int json_str(const char *json, const char *key, char *out, size_t size) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\":\"", key);
  const char *p = strstr(json, pat);
  if (!p) return 0;
  p += strlen(pat);
  size_t i = 0;
  while (*p && *p != '"' && i + 1 < size) {
    if (*p == '\\' && p[1]) p++;
    out[i++] = *p++;
  }
  out[i] = 0;
  return 1;
}

static int parse_int(const char *s, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end) return -1;
  *out = v;
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Inner mode                                                                                 */
/* ------------------------------------------------------------------------------------------ */

#define MAX_ENV 64

struct inner_opts {
  long long uid;
  long long cpu_s;     /* RLIMIT_CPU backstop, seconds (0: none) */
  long long fsize;     /* RLIMIT_FSIZE bytes (0: none) */
  long long stack_kb;  /* RLIMIT_STACK (0: unlimited) */
  long long nofile;    /* RLIMIT_NOFILE */
  long long nproc;     /* RLIMIT_NPROC (0: none) */
  long long as_kb;     /* RLIMIT_AS (0: none) */
  long long result_fd; /* one-shot: where the report goes; box: the control socket */
  const char *in, *out, *err; /* in-box redirections, opened after the uid drop */
  const char *chdir;          /* box mode: working directory of the run */
  const char *env[MAX_ENV];   /* box mode: KEY=VALUE set for the run only */
  int n_env;
  char **argv;
};

/* What the inner supervisor saw of one run. */
struct inner_report {
  int status;
  struct rusage ru;
  int killed;
  char setup[128];
};

static volatile sig_atomic_t inner_kill_requested = 0;

static void inner_on_signal(int sig) {
  (void)sig;
  inner_kill_requested = 1;
}

static void set_limit(int resource, long long value) {
  struct rlimit rl = {(rlim_t)value, (rlim_t)value};
  if (value < 0) rl.rlim_cur = rl.rlim_max = RLIM_INFINITY;
  setrlimit(resource, &rl);
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

/* Empties the bounding set, drops to the box uid and clears the remaining capability sets.
   Sets *stage for the error report. */
static int drop_privileges(long long uid, const char **stage) {
  /* bwrap leaves the bounding set full; empty it (needs CAP_SETPCAP, itself dropped last) so no
     exec can ever regain a capability. */
  *stage = "capbset";
  for (int c = 0; c <= 63; c++) {
    if (c == CAP_SETPCAP) continue;
    if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) < 0 && errno != EINVAL) return -1;
  }
  if (prctl(PR_CAPBSET_DROP, CAP_SETPCAP, 0, 0, 0) < 0) return -1;
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);

  *stage = "setuid";
  gid_t gid = (gid_t)uid;
  if (setgroups(0, NULL) < 0 || setresgid(gid, gid, gid) < 0 || setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid) < 0)
    return -1;
  if (getuid() != (uid_t)uid || geteuid() != (uid_t)uid) {
    errno = EPERM;
    return -1;
  }
  /* The uid change cleared permitted and effective; clear the inheritable set too. */
  *stage = "capset";
  struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2] = {{0}};
  if (syscall(SYS_capset, &hdr, data) < 0) return -1;
  return 0;
}

/* Runs in the forked child: never returns. Reports a setup failure as "stage:errno" on errfd.
   fds: the program's stdin/stdout/stderr from the outer supervisor (-1: /dev/null). */
static void inner_child(const struct inner_opts *o, const int fds[3], int errfd) {
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
  for (int i = 0; i < o->n_env; i++) putenv((char *)o->env[i]);
  signal(SIGPIPE, SIG_DFL);
  signal(SIGUSR1, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  stage = "exec";
  execvp(o->argv[0], o->argv);
fail:;
  char msg[128];
  int n = snprintf(msg, sizeof msg, "%s:%d", stage, errno);
  if (write(errfd, msg, (size_t)n) < 0) {
  }
  _exit(127);
}

/* Parses the inner options (one-shot command line or one box request). 0 ok, -1 bad. */
static int parse_inner(int argc, char **argv, struct inner_opts *o) {
  int i = 0;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (!strcmp(a, "--inner") || !strcmp(a, "--inner-box")) continue;
    if (i + 1 >= argc) {
      diag("option %s needs a value", a);
      return -1;
    }
    const char *v = argv[++i];
    long long *num = NULL;
    if (!strcmp(a, "--uid")) num = &o->uid;
    else if (!strcmp(a, "--cpu-s")) num = &o->cpu_s;
    else if (!strcmp(a, "--fsize")) num = &o->fsize;
    else if (!strcmp(a, "--stack-kb")) num = &o->stack_kb;
    else if (!strcmp(a, "--nofile")) num = &o->nofile;
    else if (!strcmp(a, "--nproc")) num = &o->nproc;
    else if (!strcmp(a, "--as-kb")) num = &o->as_kb;
    else if (!strcmp(a, "--result-fd")) num = &o->result_fd;
    else if (!strcmp(a, "--in")) o->in = v;
    else if (!strcmp(a, "--out")) o->out = v;
    else if (!strcmp(a, "--err")) o->err = v;
    else if (!strcmp(a, "--chdir")) o->chdir = v;
    else if (!strcmp(a, "--env")) {
      if (o->n_env >= MAX_ENV || !strchr(v, '=')) return -1;
      o->env[o->n_env++] = v;
    } else {
      diag("unknown option %s", a);
      return -1;
    }
    if (num && parse_int(v, num) < 0) {
      diag("bad number for %s: %s", a, v);
      return -1;
    }
  }
  o->argv = i < argc ? argv + i : NULL;
  return 0;
}

/* Kills every process of the namespace but pid 1 (this process) and reaps them all. */
static void kill_and_reap_all(void) {
  for (;;) {
    kill(-1, SIGKILL);
    pid_t p = wait4(-1, NULL, 0, NULL);
    if (p < 0 && errno == ECHILD) return;
  }
}

/* Forks the program, waits for it, then kills and reaps everything else in the namespace. */
static int run_program(const struct inner_opts *o, int fds[3], struct inner_report *rep) {
  memset(rep, 0, sizeof *rep);
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
    ssize_t n = read(errpipe[0], rep->setup, sizeof rep->setup - 1);
    if (n < 0 && errno == EINTR) {
      if (inner_kill_requested) kill(child, SIGKILL);
      continue;
    }
    rep->setup[n > 0 ? n : 0] = 0;
    break;
  }
  close(errpipe[0]);

  for (;;) {
    if (inner_kill_requested) kill(-1, SIGKILL);
    struct rusage r;
    int st;
    pid_t p = wait4(-1, &st, 0, &r);
    if (p == child) {
      rep->status = st;
      rep->ru = r;
      break;
    }
    if (p < 0 && errno != EINTR) {
      diag("wait4: %s", strerror(errno));
      return -1;
    }
  }
  rep->killed = inner_kill_requested ? 1 : 0;
  /* Leftover background processes die now, before the report, so nothing outlives the run. */
  kill_and_reap_all();
  return 0;
}

static void write_report(FILE *f, const struct inner_report *rep) {
  long long utime = rep->ru.ru_utime.tv_sec * 1000LL + rep->ru.ru_utime.tv_usec / 1000;
  long long stime = rep->ru.ru_stime.tv_sec * 1000LL + rep->ru.ru_stime.tv_usec / 1000;
  fprintf(f, "{\"exitCode\":");
  if (WIFEXITED(rep->status)) fprintf(f, "%d", WEXITSTATUS(rep->status));
  else fprintf(f, "null");
  fprintf(f, ",\"signal\":");
  if (WIFSIGNALED(rep->status)) fprintf(f, "%d", WTERMSIG(rep->status));
  else fprintf(f, "null");
  fprintf(f, ",\"utimeMs\":%lld,\"stimeMs\":%lld,\"maxrssKB\":%ld,\"killed\":%d,\"setupError\":", utime, stime,
          rep->ru.ru_maxrss, rep->killed);
  if (rep->setup[0]) json_string(f, rep->setup);
  else fprintf(f, "null");
  fprintf(f, "}");
}

static int inner_main(int argc, char **argv) {
  prog = "judge-sup(inner)";
  struct inner_opts o = {.uid = -1, .nofile = 64, .result_fd = FD_INNER_RESULT};
  if (parse_inner(argc - 1, argv + 1, &o) < 0 || !o.argv || o.uid <= 0) {
    diag("usage: --inner --uid N [...] -- PROGRAM");
    return 120;
  }

  /* pid 1 only gets signals it handles: SIGUSR1 from the outer supervisor means "kill the program". */
  struct sigaction sa = {0};
  sa.sa_handler = inner_on_signal;
  sigaction(SIGUSR1, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);

  int fds[3] = {FD_PROG_IN, FD_PROG_OUT, FD_PROG_ERR};
  struct inner_report rep;
  if (run_program(&o, fds, &rep) < 0) return 121;

  FILE *f = fdopen((int)o.result_fd, "w");
  if (!f) return 121;
  write_report(f, &rep);
  fprintf(f, "\n");
  fclose(f);
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Inner box mode: pid 1 of a box that lives for a whole submission                           */
/* ------------------------------------------------------------------------------------------ */

/* Nothing but "." and ".." in a directory (or it does not exist). */
static int dir_is_empty(const char *path) {
  DIR *d = opendir(path);
  if (!d) return errno == ENOENT;
  struct dirent *e;
  int empty = 1;
  while ((e = readdir(d))) {
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
      empty = 0;
      break;
    }
  }
  closedir(d);
  return empty;
}

/* SysV IPC objects of the box's IPC namespace (from /proc/sysvipc/<kind>, header line skipped). */
static int sysv_ids(const char *kind, int *ids, int max) {
  char path[64], buf[1 << 16];
  snprintf(path, sizeof path, "/proc/sysvipc/%s", kind);
  if (read_file(path, buf, sizeof buf) < 0) return 0;
  int n = 0;
  char *line = strchr(buf, '\n');
  while (line && *++line && n < max) {
    long long key, id;
    if (sscanf(line, "%lld %lld", &key, &id) == 2) ids[n++] = (int)id;
    line = strchr(line, '\n');
  }
  return n;
}

static int ipc_is_clean(void) {
  int ids[1];
  return sysv_ids("shm", ids, 1) == 0 && sysv_ids("msg", ids, 1) == 0 && sysv_ids("sem", ids, 1) == 0;
}

static int box_is_clean(void) { return dir_is_empty("/tmp") && ipc_is_clean(); }

/* Deletes everything under the directory `top` without recursion and with a constant number of
   fds: files are unlinked; a directory's own subdirectories are first moved up to `top` under a
   fresh name, then it is removed. Runs as the box uid, so it can only remove what the box uid
   owns, which is everything a program can create there. */
static void empty_dir(int top) {
  unsigned long seq = 0;
  for (int pass = 0; pass < 1000000; pass++) {
    int dup_fd = dup(top);
    DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
    if (!d) return;
    rewinddir(d);
    int any = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      any = 1;
      if (unlinkat(top, e->d_name, 0) == 0) continue;
      fchmodat(top, e->d_name, 0700, 0);
      int sub = openat(top, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) continue;
      DIR *sd = fdopendir(sub);
      if (!sd) {
        close(sub);
        continue;
      }
      struct dirent *se;
      while ((se = readdir(sd))) {
        if (!strcmp(se->d_name, ".") || !strcmp(se->d_name, "..")) continue;
        if (unlinkat(sub, se->d_name, 0) == 0) continue;
        char fresh[48];
        snprintf(fresh, sizeof fresh, ".judge-clean-%lu", seq++);
        fchmodat(sub, se->d_name, 0700, 0);
        renameat(sub, se->d_name, top, fresh);
      }
      closedir(sd);
      unlinkat(top, e->d_name, AT_REMOVEDIR);
    }
    closedir(d);
    if (!any) return;
  }
}

static void remove_sysv(void) {
  static int ids[4096];
  int n = sysv_ids("shm", ids, 4096);
  for (int i = 0; i < n; i++) shmctl(ids[i], IPC_RMID, NULL);
  n = sysv_ids("msg", ids, 4096);
  for (int i = 0; i < n; i++) msgctl(ids[i], IPC_RMID, NULL);
  n = sysv_ids("sem", ids, 4096);
  for (int i = 0; i < n; i++) semctl(ids[i], 0, IPC_RMID);
}

/* Makes the box as it was before the run: no process (already), an empty /tmp, no SysV IPC
   object. The work is done by a child running as the box uid (never root on the program's
   files). 1 when the box is clean afterwards. */
static int make_clean(long long uid) {
  if (box_is_clean()) return 1;
  pid_t pid = fork();
  if (pid < 0) return 0;
  if (pid == 0) {
    const char *stage;
    set_limit(RLIMIT_CPU, 20);
    if (drop_privileges(uid, &stage) < 0) _exit(1);
    int top = open("/tmp", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (top >= 0) empty_dir(top);
    remove_sysv();
    _exit(0);
  }
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
  }
  kill_and_reap_all();
  return box_is_clean();
}

/* One request: NUL-separated arguments, with the program's stdin/stdout/stderr as SCM_RIGHTS. */
static ssize_t recv_request(int sock, char *buf, size_t size, int fds[3]) {
  struct iovec iov = {buf, size};
  union {
    struct cmsghdr h;
    char space[CMSG_SPACE(3 * sizeof(int))];
  } ctl;
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.space, .msg_controllen = sizeof ctl.space};
  fds[0] = fds[1] = fds[2] = -1;
  ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
  if (n < 0) return -1;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    int got[3];
    memcpy(got, CMSG_DATA(c), (count > 3 ? 3 : count) * sizeof(int));
    for (size_t i = 0; i < count && i < 3; i++) fds[i] = got[i];
  }
  if (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
    for (int i = 0; i < 3; i++)
      if (fds[i] >= 0) close(fds[i]);
    errno = EMSGSIZE;
    return -1;
  }
  return n;
}

static void send_text(int sock, const char *text) {
  while (send(sock, text, strlen(text), MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
}

static int inner_box_main(int argc, char **argv) {
  prog = "judge-sup(inner-box)";
  struct inner_opts base = {.uid = -1, .result_fd = FD_INNER_RESULT};
  if (parse_inner(argc - 1, argv + 1, &base) < 0 || base.uid <= 0) {
    diag("usage: --inner-box --uid N --result-fd FD");
    return 120;
  }
  int sock = (int)base.result_fd;
  fcntl(sock, F_SETFD, FD_CLOEXEC);
  /* bwrap's info fd and the seccomp filter are not ours to keep */
  for (int fd = 3; fd < 64; fd++)
    if (fd != sock && fd != 2) close(fd);
  struct sigaction sa = {0};
  sa.sa_handler = inner_on_signal; /* no SA_RESTART: a blocking wait returns EINTR */
  sigaction(SIGUSR1, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  static char buf[1 << 16];
  static char *args[1024];
  for (;;) {
    int fds[3];
    ssize_t n = recv_request(sock, buf, sizeof buf - 1, fds);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0; /* the outer supervisor is gone: exiting as pid 1 ends the box */
    buf[n] = 0;
    /* move the received fds above 2, so dup2 onto 0-2 in the child never overwrites one */
    for (int i = 0; i < 3; i++) {
      if (fds[i] >= 0 && fds[i] < 3) {
        int moved = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
        close(fds[i]);
        fds[i] = moved;
      }
    }
    int ac = 0;
    for (char *p = buf; p < buf + n && ac < 1023; p += strlen(p) + 1) args[ac++] = p;
    args[ac] = NULL;
    struct inner_opts o = {.uid = base.uid, .nofile = 64, .result_fd = sock};
    struct inner_report rep;
    inner_kill_requested = 0;
    if (parse_inner(ac, args, &o) < 0 || !o.argv || !o.argv[0]) {
      for (int i = 0; i < 3; i++)
        if (fds[i] >= 0) close(fds[i]);
      send_text(sock, "E{\"error\":\"bad run request\"}");
      send_text(sock, "C1");
      continue;
    }
    if (run_program(&o, fds, &rep) < 0) {
      send_text(sock, "E{\"error\":\"the box could not start the program\"}");
      send_text(sock, "C0");
      return 121;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return 121;
    fputc('R', f);
    write_report(f, &rep);
    fclose(f);
    send_text(sock, text);
    free(text);
    /* Then the box is made clean for the next run; a box that cannot be cleaned ends. */
    int clean = make_clean(base.uid);
    send_text(sock, clean ? "C1" : "C0");
    if (!clean) return 0;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Outer mode: cgroups                                                                        */
/* ------------------------------------------------------------------------------------------ */

enum cg_mode { CG_NONE, CG_V1, CG_V2 };

struct cgroups {
  enum cg_mode mode;
  char mem[PATH_MAX], pids[PATH_MAX], cpu[PATH_MAX]; /* v1: one group per hierarchy */
  char v2[PATH_MAX];
  int have_mem, have_pids, have_cpu;
  /* v2: memory.peak held open for the box's lifetime; writing to it resets the peak seen
     through this fd (kernel >= 6.12), so each run of a persistent box gets its own peak */
  int v2_peak_fd, peak_resettable;
  /* tests: the v2 "cgroup" is a plain directory of plain files (--cgroup-selftest) */
  int fake;
};

static struct cgroups cg;
static char cg_name[64];
static const char *cg_label = "none"; /* survives cg_cleanup() for the report */

/* Directory of this process's own group in the v1 hierarchy of `controller` ("" if none). */
static int v1_own_dir(const char *controller, char *out, size_t size) {
  static char mountinfo[1 << 18];
  char self[4096];
  if (read_file("/proc/self/mountinfo", mountinfo, sizeof mountinfo) < 0) return -1;
  if (read_file("/proc/self/cgroup", self, sizeof self) < 0) return -1;
  char mnt_point[PATH_MAX] = "", mnt_root[PATH_MAX] = "";
  for (char *line = strtok(mountinfo, "\n"); line; line = strtok(NULL, "\n")) {
    char root[PATH_MAX], point[PATH_MAX], fstype[64], super[512];
    const char *sep = strstr(line, " - ");
    if (!sep) continue;
    if (sscanf(line, "%*s %*s %*s %4095s %4095s", root, point) != 2) continue;
    if (sscanf(sep + 3, "%63s %*s %511s", fstype, super) != 2) continue;
    if (strcmp(fstype, "cgroup")) continue;
    int found = 0;
    /* match the controller as a whole comma-separated token */
    char tmp[520];
    snprintf(tmp, sizeof tmp, ",%s,", super);
    char want[80];
    snprintf(want, sizeof want, ",%s,", controller);
    if (strstr(tmp, want)) found = 1;
    if (found) {
      snprintf(mnt_point, sizeof mnt_point, "%s", point);
      snprintf(mnt_root, sizeof mnt_root, "%s", root);
      break;
    }
  }
  if (!mnt_point[0]) return -1;
  for (char *line = strtok(self, "\n"); line; line = strtok(NULL, "\n")) {
    char *c1 = strchr(line, ':');
    if (!c1) continue;
    char *c2 = strchr(c1 + 1, ':');
    if (!c2) continue;
    *c2 = 0;
    char ctrls[256];
    snprintf(ctrls, sizeof ctrls, ",%s,", c1 + 1);
    char want[80];
    snprintf(want, sizeof want, ",%s,", controller);
    if (!strstr(ctrls, want)) continue;
    const char *path = c2 + 1;
    size_t rl = strlen(mnt_root);
    if (strcmp(mnt_root, "/") && strncmp(path, mnt_root, rl) == 0) path += rl;
    if (!strcmp(path, "/")) path = "";
    snprintf(out, size, "%s%s", mnt_point, path);
    return 0;
  }
  return -1;
}

static int v2_own_dir(char *out, size_t size) {
  char self[4096];
  if (read_file("/proc/self/cgroup", self, sizeof self) < 0) return -1;
  for (char *line = strtok(self, "\n"); line; line = strtok(NULL, "\n")) {
    if (strncmp(line, "0::", 3) == 0) {
      const char *path = line + 3;
      if (!strcmp(path, "/")) path = "";
      snprintf(out, size, "/sys/fs/cgroup%s", path);
      return 0;
    }
  }
  return -1;
}

static int cg_is_empty_dir(const char *dir) {
  char path[PATH_MAX + 32], buf[64];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  ssize_t n = read_file(path, buf, sizeof buf);
  return n <= 0;
}

/* SIGKILL every task of one group; returns how many were signalled. */
static int cg_kill_dir(const char *dir) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  FILE *f = fopen(path, "re");
  if (!f) return 0;
  int count = 0;
  long pid;
  while (fscanf(f, "%ld", &pid) == 1) {
    if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0) count++;
  }
  fclose(f);
  return count;
}

static void reap_all(void) {
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

/* Kill everything in a group, wait until it is empty, remove it. */
static void cg_destroy_dir(const char *dir, int is_v2) {
  if (!dir[0]) return;
  char path[PATH_MAX + 32];
  if (is_v2) {
    snprintf(path, sizeof path, "%s/cgroup.kill", dir);
    write_file(path, "1");
  }
  if (cg.fake) {
    /* a fake group holds real files; a real cgroupfs refuses to unlink its interface files */
    static const char *files[] = {"cgroup.kill", "cgroup.procs", "memory.max", "memory.swap.max", "pids.max",
                                  "memory.peak", "memory.events", "cpu.stat", "pids.events", NULL};
    for (int i = 0; files[i]; i++) {
      snprintf(path, sizeof path, "%s/%s", dir, files[i]);
      unlink(path);
    }
  }
  for (int i = 0; i < 500; i++) {
    cg_kill_dir(dir);
    reap_all();
    if (rmdir(dir) == 0 || errno == ENOENT) return;
    sleep_ms(2);
  }
  diag("could not remove cgroup %s: %s", dir, strerror(errno));
}

/* Groups of supervisors that died without cleaning up (e.g. SIGKILLed) are removed here. */
static void cg_sweep(const char *base, int is_v2) {
  DIR *d = opendir(base);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    int pid;
    char extra;
    if (sscanf(e->d_name, "verdict-%d%c", &pid, &extra) != 1) continue;
    if (pid <= 0 || pid == getpid()) continue;
    if (kill(pid, 0) == 0 || errno != ESRCH) continue;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/%s", base, e->d_name);
    cg_destroy_dir(dir, is_v2);
  }
  closedir(d);
}

static int mkgroup(const char *base, char *out, size_t size) {
  snprintf(out, size, "%s/%s", base, cg_name);
  if (mkdir(out, 0755) < 0 && errno != EEXIST) {
    out[0] = 0;
    return -1;
  }
  return 0;
}

/* v2: the box's group under `base` (the own group, --cgroup-root, or a fake directory in tests).
   0 when the group exists with its limits written. */
static int cg_setup_v2(const char *base, long long mem_bytes, long long pids) {
  char path[PATH_MAX + 32], ctl[256];
  snprintf(path, sizeof path, "%s/cgroup.controllers", base);
  if (read_file(path, ctl, sizeof ctl) < 0 || !strstr(ctl, "memory") || !strstr(ctl, "pids")) {
    diag("cgroup v2 at %s lacks the memory/pids controllers", base);
    return -1;
  }
  /* Fails when the base group holds processes (the v2 "no internal processes" rule): then
     the judge must run in a delegated group, given with --cgroup-root. */
  snprintf(path, sizeof path, "%s/cgroup.subtree_control", base);
  if (write_file(path, "+memory +pids") < 0) {
    diag("cannot enable memory/pids under %s: %s", base, strerror(errno));
    return -1;
  }
  cg_sweep(base, 1);
  if (mkgroup(base, cg.v2, sizeof cg.v2) < 0) {
    diag("mkdir %s/%s: %s", base, cg_name, strerror(errno));
    return -1;
  }
  char num[32];
  if (mem_bytes > 0) {
    snprintf(num, sizeof num, "%lld", mem_bytes);
    snprintf(path, sizeof path, "%s/memory.max", cg.v2);
    if (write_file(path, num) < 0) diag("memory.max: %s", strerror(errno));
    snprintf(path, sizeof path, "%s/memory.swap.max", cg.v2);
    write_file(path, "0");
  }
  if (pids > 0) {
    snprintf(num, sizeof num, "%lld", pids);
    snprintf(path, sizeof path, "%s/pids.max", cg.v2);
    if (write_file(path, num) < 0) diag("pids.max: %s", strerror(errno));
  }
  snprintf(path, sizeof path, "%s/memory.peak", cg.v2);
  cg.v2_peak_fd = open(path, O_RDWR | O_CLOEXEC);
  cg.peak_resettable = cg.v2_peak_fd >= 0;
  if (cg.v2_peak_fd < 0) cg.v2_peak_fd = open(path, O_RDONLY | O_CLOEXEC); /* kernel < 6.12 */
  cg.mode = CG_V2;
  cg_label = "v2";
  cg.have_mem = cg.have_pids = cg.have_cpu = 1;
  return 0;
}

static void cg_setup(long long mem_bytes, long long pids, const char *v2_root) {
  memset(&cg, 0, sizeof cg);
  cg.v2_peak_fd = -1;
  snprintf(cg_name, sizeof cg_name, "verdict-%d", (int)getpid());
  struct statfs sf;
  char base[PATH_MAX];
  if (statfs("/sys/fs/cgroup", &sf) == 0 && sf.f_type == CGROUP2_SUPER_MAGIC) {
    if (v2_root && v2_root[0]) snprintf(base, sizeof base, "%s", v2_root);
    else if (v2_own_dir(base, sizeof base) < 0) return;
    cg_setup_v2(base, mem_bytes, pids);
    return;
  }

  char path[PATH_MAX + 64], num[32];
  if (v1_own_dir("memory", base, sizeof base) == 0) {
    cg_sweep(base, 0);
    if (mkgroup(base, cg.mem, sizeof cg.mem) == 0) {
      cg.have_mem = 1;
      if (mem_bytes > 0) {
        snprintf(num, sizeof num, "%lld", mem_bytes);
        /* limit before memsw: memsw may never be below the plain limit (isolate PR #123) */
        snprintf(path, sizeof path, "%s/memory.limit_in_bytes", cg.mem);
        if (write_file(path, num) < 0) {
          diag("memory.limit_in_bytes: %s", strerror(errno));
          cg.have_mem = 0;
        }
        snprintf(path, sizeof path, "%s/memory.memsw.limit_in_bytes", cg.mem);
        write_file(path, num);
      }
      snprintf(path, sizeof path, "%s/memory.swappiness", cg.mem);
      write_file(path, "0");
    }
  }
  if (v1_own_dir("pids", base, sizeof base) == 0) {
    cg_sweep(base, 0);
    if (mkgroup(base, cg.pids, sizeof cg.pids) == 0) {
      cg.have_pids = 1;
      if (pids > 0) {
        snprintf(num, sizeof num, "%lld", pids);
        snprintf(path, sizeof path, "%s/pids.max", cg.pids);
        if (write_file(path, num) < 0) {
          diag("pids.max: %s", strerror(errno));
          cg.have_pids = 0;
        }
      }
    }
  }
  if (v1_own_dir("cpuacct", base, sizeof base) == 0) {
    cg_sweep(base, 0);
    if (mkgroup(base, cg.cpu, sizeof cg.cpu) == 0) cg.have_cpu = 1;
  }
  if (cg.have_mem && cg.have_cpu) {
    cg.mode = CG_V1;
    cg_label = "v1";
  } else {
    /* Partial v1 is not trusted: without the memory and CPU groups the limits would be wrong. */
    cg_destroy_dir(cg.mem, 0);
    cg_destroy_dir(cg.pids, 0);
    cg_destroy_dir(cg.cpu, 0);
    memset(&cg, 0, sizeof cg);
  }
}

static int cg_join(void) {
  char path[PATH_MAX + 32];
  if (cg.mode == CG_V2) {
    snprintf(path, sizeof path, "%s/cgroup.procs", cg.v2);
    return write_file(path, "0");
  }
  if (cg.mode == CG_V1) {
    const char *dirs[] = {cg.mem, cg.pids, cg.cpu};
    for (int i = 0; i < 3; i++) {
      if (!dirs[i][0]) continue;
      snprintf(path, sizeof path, "%s/cgroup.procs", dirs[i]);
      if (write_file(path, "0") < 0) return -1;
    }
  }
  return 0;
}

/* CPU time of the whole group in microseconds, -1 if unknown. */
static long long cg_cpu_us(void) {
  char path[PATH_MAX + 32];
  if (cg.mode == CG_V2) {
    snprintf(path, sizeof path, "%s/cpu.stat", cg.v2);
    return read_keyed(path, "usage_usec");
  }
  if (cg.mode == CG_V1 && cg.have_cpu) {
    snprintf(path, sizeof path, "%s/cpuacct.usage", cg.cpu);
    long long ns = read_number(path);
    return ns < 0 ? -1 : ns / 1000;
  }
  return -1;
}

static void cg_kill_all(void) {
  if (cg.mode == CG_V2) {
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/cgroup.kill", cg.v2);
    if (write_file(path, "1") < 0) cg_kill_dir(cg.v2);
  } else if (cg.mode == CG_V1) {
    cg_kill_dir(cg.mem);
    cg_kill_dir(cg.pids);
    cg_kill_dir(cg.cpu);
  }
}

static int cg_all_empty(void) {
  if (cg.mode == CG_V2) return cg_is_empty_dir(cg.v2);
  if (cg.mode == CG_V1)
    return (!cg.mem[0] || cg_is_empty_dir(cg.mem)) && (!cg.pids[0] || cg_is_empty_dir(cg.pids)) &&
           (!cg.cpu[0] || cg_is_empty_dir(cg.cpu));
  return 1;
}

struct cg_stats {
  long long cpu_us, cpu_ms, peak_bytes, oom_kills, pids_max_events;
};

static long long v2_peak(void) {
  char buf[64];
  ssize_t n = pread(cg.v2_peak_fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return -1;
  buf[n] = 0;
  if (strncmp(buf, "max", 3) == 0) return LLONG_MAX;
  return atoll(buf);
}

static struct cg_stats cg_read_stats(void) {
  struct cg_stats s = {-1, -1, -1, 0, 0};
  char path[PATH_MAX + 32];
  s.cpu_us = cg_cpu_us();
  s.cpu_ms = s.cpu_us < 0 ? -1 : s.cpu_us / 1000;
  if (cg.mode == CG_V2) {
    if (cg.v2_peak_fd >= 0) s.peak_bytes = v2_peak();
    snprintf(path, sizeof path, "%s/memory.events", cg.v2);
    s.oom_kills = read_keyed(path, "oom_kill");
    snprintf(path, sizeof path, "%s/pids.events", cg.v2);
    s.pids_max_events = read_keyed(path, "max");
  } else if (cg.mode == CG_V1) {
    snprintf(path, sizeof path, "%s/memory.max_usage_in_bytes", cg.mem);
    s.peak_bytes = read_number(path);
    snprintf(path, sizeof path, "%s/memory.oom_control", cg.mem);
    s.oom_kills = read_keyed(path, "oom_kill");
    if (cg.pids[0]) {
      snprintf(path, sizeof path, "%s/pids.events", cg.pids);
      s.pids_max_events = read_keyed(path, "max");
    }
  }
  if (s.oom_kills < 0) s.oom_kills = 0;
  if (s.pids_max_events < 0) s.pids_max_events = 0;
  return s;
}

/* Start of one run in a persistent box: the peak is reset (v1: max_usage_in_bytes accepts 0,
   v2: a write to the held memory.peak fd), and the cumulative counters (CPU, oom_kill, pids
   "max" events) are read as the baseline the run's deltas are taken from. */
static struct cg_stats cg_begin_run(void) {
  char path[PATH_MAX + 48];
  if (cg.mode == CG_V1) {
    snprintf(path, sizeof path, "%s/memory.max_usage_in_bytes", cg.mem);
    write_file(path, "0");
  } else if (cg.mode == CG_V2 && cg.peak_resettable) {
    if (pwrite(cg.v2_peak_fd, "reset\n", 6, 0) != 6) cg.peak_resettable = 0;
  }
  return cg_read_stats();
}

/* What one run used: counters minus the baseline; the peak as read (reset at the start). */
static struct cg_stats cg_run_stats(const struct cg_stats *base) {
  struct cg_stats s = cg_read_stats();
  if (s.cpu_us >= 0 && base->cpu_us >= 0) {
    s.cpu_us = s.cpu_us >= base->cpu_us ? s.cpu_us - base->cpu_us : 0;
    s.cpu_ms = s.cpu_us / 1000;
  }
  s.oom_kills = s.oom_kills > base->oom_kills ? s.oom_kills - base->oom_kills : 0;
  s.pids_max_events = s.pids_max_events > base->pids_max_events ? s.pids_max_events - base->pids_max_events : 0;
  return s;
}

static void cg_cleanup(void) {
  if (cg.mode == CG_V2) {
    if (cg.v2_peak_fd >= 0) close(cg.v2_peak_fd);
    cg.v2_peak_fd = -1;
    cg_destroy_dir(cg.v2, 1);
  }
  if (cg.mode == CG_V1) {
    cg_destroy_dir(cg.mem, 0);
    cg_destroy_dir(cg.pids, 0);
    cg_destroy_dir(cg.cpu, 0);
  }
  cg.mode = CG_NONE;
}

/* ------------------------------------------------------------------------------------------ */
/* Outer mode: seccomp                                                                        */
/* ------------------------------------------------------------------------------------------ */

/* A deny filter against the kernel's cross-sandbox channels and escape surface (the rest is
   left to namespaces, the uid drop and cgroups). Exported as BPF for bwrap --seccomp. */
static int build_seccomp(void) {
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) return -1;
  static const char *deny_eperm[] = {
      "unshare", "setns", "keyctl", "add_key", "request_key", "io_uring_setup", "io_uring_enter",
      "io_uring_register", "ptrace", "bpf", "perf_event_open", "userfaultfd", "mount", "umount2",
      "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount", "fspick",
      "mount_setattr", "name_to_handle_at", "open_by_handle_at", "kexec_load", "kexec_file_load",
      "init_module", "finit_module", "delete_module", "reboot", "swapon", "swapoff", "acct", "syslog",
      "quotactl", "lookup_dcookie", "iopl", "ioperm", "vhangup", "process_vm_writev",
      /* POSIX message queues live in the IPC namespace and cannot be listed without mounting
         mqueue, so a persistent box could not empty them between runs */
      "mq_open",
      /* watching shared read-only inodes (/usr) would be a channel between boxes */
      "inotify_init", "inotify_init1", "fanotify_init", NULL};
  int rc = 0;
  for (int i = 0; deny_eperm[i]; i++) {
    int nr = seccomp_syscall_resolve_name(deny_eperm[i]);
    if (nr == __NR_SCMP_ERROR) continue;
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
  }
  /* clone3 passes its flags in memory a filter cannot read: ENOSYS makes libc fall back to clone. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
  static const unsigned long ns_flags[] = {CLONE_NEWNS,  CLONE_NEWUTS, CLONE_NEWIPC,   CLONE_NEWUSER,
                                           CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP};
  for (size_t i = 0; i < sizeof ns_flags / sizeof ns_flags[0]; i++)
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[i], ns_flags[i]));
  /* File locks on inodes every box shares (/usr, /lib) would be a channel between two boxes
     (isolate blocks them too): flock and the fcntl lock commands fail with ENOLCK. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOLCK), SCMP_SYS(flock), 0);
  static const int lock_cmds[] = {F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW};
  for (size_t i = 0; i < sizeof lock_cmds / sizeof lock_cmds[0]; i++)
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOLCK), SCMP_SYS(fcntl), 1, SCMP_A1(SCMP_CMP_EQ, (scmp_datum_t)lock_cmds[i]));
  /* Only local (AF_UNIX) sockets: no vsock, netlink, packet or inet, even inside the net namespace. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  if (rc) {
    seccomp_release(ctx);
    return -1;
  }
  int fd = memfd_create("judge-seccomp", MFD_CLOEXEC);
  if (fd < 0 || seccomp_export_bpf(ctx, fd) < 0 || lseek(fd, 0, SEEK_SET) < 0) {
    seccomp_release(ctx);
    if (fd >= 0) close(fd);
    return -1;
  }
  seccomp_release(ctx);
  return fd;
}

/* ------------------------------------------------------------------------------------------ */
/* Outer mode: main                                                                           */
/* ------------------------------------------------------------------------------------------ */

struct outer_opts {
  const char *bwrap, *box, *self, *cgroup_root, *chdir;
  int box_ro, no_cgroup, no_seccomp, persistent;
  long long uid, cpu_ms, wall_ms, mem_kb, pids, fsize, stack_kb, nofile, nproc, tmp_kb, as_kb;
  const char *ro_src[MAX_LIST], *ro_dst[MAX_LIST];
  int n_ro;
  const char *dirs[MAX_LIST];
  int n_dirs;
  const char *env[MAX_LIST];
  int n_env;
  /* binds after /w, in order: files or directories, read-only or writable */
  const char *late_src[MAX_LIST], *late_dst[MAX_LIST];
  int late_rw[MAX_LIST];
  int n_late;
  const char *in, *out, *err;
  char **argv;
};

static volatile sig_atomic_t outer_terminated = 0;
static void outer_on_signal(int sig) {
  (void)sig;
  outer_terminated = 1;
}

static int add_arg(char **args, int *n, int cap, const char *a) {
  if (*n + 1 >= cap) return -1;
  args[(*n)++] = (char *)a;
  args[*n] = NULL;
  return 0;
}

static char *fmt_num(long long v) {
  char *s = malloc(32);
  if (s) snprintf(s, 32, "%lld", v);
  return s;
}

static int parse_outer(int argc, char **argv, struct outer_opts *o) {
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (!strcmp(a, "--box-ro")) {
      o->box_ro = 1;
      continue;
    }
    if (!strcmp(a, "--no-cgroup")) {
      o->no_cgroup = 1;
      continue;
    }
    if (!strcmp(a, "--no-seccomp")) {
      o->no_seccomp = 1;
      continue;
    }
    if (!strcmp(a, "--persistent")) {
      o->persistent = 1;
      continue;
    }
    if (!strcmp(a, "--ro-bind")) {
      if (i + 2 >= argc || o->n_ro >= MAX_LIST) return -1;
      o->ro_src[o->n_ro] = argv[i + 1];
      o->ro_dst[o->n_ro++] = argv[i + 2];
      i += 2;
      continue;
    }
    if (!strcmp(a, "--mount-ro") || !strcmp(a, "--mount-rw")) {
      if (i + 2 >= argc || o->n_late >= MAX_LIST) return -1;
      o->late_src[o->n_late] = argv[i + 1];
      o->late_dst[o->n_late] = argv[i + 2];
      o->late_rw[o->n_late++] = !strcmp(a, "--mount-rw");
      i += 2;
      continue;
    }
    if (i + 1 >= argc) {
      diag("option %s needs a value", a);
      return -1;
    }
    const char *v = argv[++i];
    long long *num = NULL;
    if (!strcmp(a, "--bwrap")) o->bwrap = v;
    else if (!strcmp(a, "--box")) o->box = v;
    else if (!strcmp(a, "--self")) o->self = v;
    else if (!strcmp(a, "--cgroup-root")) o->cgroup_root = v;
    else if (!strcmp(a, "--chdir")) o->chdir = v;
    else if (!strcmp(a, "--in")) o->in = v;
    else if (!strcmp(a, "--out")) o->out = v;
    else if (!strcmp(a, "--err")) o->err = v;
    else if (!strcmp(a, "--dir")) {
      if (o->n_dirs >= MAX_LIST) return -1;
      o->dirs[o->n_dirs++] = v;
    } else if (!strcmp(a, "--env")) {
      if (o->n_env >= MAX_LIST || !strchr(v, '=')) return -1;
      o->env[o->n_env++] = v;
    } else if (!strcmp(a, "--uid")) num = &o->uid;
    else if (!strcmp(a, "--cpu-ms")) num = &o->cpu_ms;
    else if (!strcmp(a, "--wall-ms")) num = &o->wall_ms;
    else if (!strcmp(a, "--mem-kb")) num = &o->mem_kb;
    else if (!strcmp(a, "--pids")) num = &o->pids;
    else if (!strcmp(a, "--nproc")) num = &o->nproc;
    else if (!strcmp(a, "--fsize")) num = &o->fsize;
    else if (!strcmp(a, "--stack-kb")) num = &o->stack_kb;
    else if (!strcmp(a, "--nofile")) num = &o->nofile;
    else if (!strcmp(a, "--tmp-kb")) num = &o->tmp_kb;
    else if (!strcmp(a, "--as-kb")) num = &o->as_kb;
    else {
      diag("unknown option %s", a);
      return -1;
    }
    if (num && parse_int(v, num) < 0) {
      diag("bad number for %s: %s", a, v);
      return -1;
    }
  }
  if (i >= argc && !o->persistent) {
    diag("no program given");
    return -1;
  }
  o->argv = argv + i;
  if (!o->self) {
    /* bound into the sandbox as the inner supervisor */
    static char exe[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k > 0) {
      exe[k] = 0;
      o->self = exe;
    }
  }
  if (!o->box || o->uid <= 0 || (o->wall_ms <= 0 && !o->persistent) || !o->self) {
    diag("--box, --uid and --wall-ms are required");
    return -1;
  }
  return 0;
}

struct outcome {
  const char *error; /* system failure, NULL when the run happened */
  const char *tle;   /* "cpu", "wall" or NULL */
  int terminated;
  long long wall_ms;
  int inner_ok;
  char inner[2048];
};

/* box_alive: persistent boxes only (-1: a one-shot run, not printed). */
static void print_result(const struct outer_opts *o, const struct outcome *r, const struct cg_stats *s,
                         int box_alive) {
  long long exit_code = r->inner_ok ? json_num(r->inner, "exitCode", -1) : -1;
  long long sig = r->inner_ok ? json_num(r->inner, "signal", -1) : -1;
  long long utime = r->inner_ok ? json_num(r->inner, "utimeMs", 0) : 0;
  long long stime = r->inner_ok ? json_num(r->inner, "stimeMs", 0) : 0;
  long long maxrss = r->inner_ok ? json_num(r->inner, "maxrssKB", 0) : 0;
  char setup[128] = "";
  if (r->inner_ok) json_str(r->inner, "setupError", setup, sizeof setup);
  if (!r->inner_ok && !r->error) sig = SIGKILL; /* hard-killed before the inner could report */
  long long cpu = s->cpu_ms;
  if (cpu < 0) cpu = utime + stime;
  const char *tle = r->tle;
  if (!tle && sig == SIGXCPU) tle = "cpu";
  if (!tle && o->cpu_ms > 0 && cpu > o->cpu_ms) tle = "cpu";
  long long memory = maxrss > 0 ? maxrss : (s->peak_bytes > 0 ? s->peak_bytes / 1024 : 0);

  FILE *f = stdout;
  fprintf(f, "{\"error\":");
  if (r->error) json_string(f, r->error);
  else if (setup[0]) {
    char msg[200];
    char *colon = strrchr(setup, ':');
    int err = colon ? atoi(colon + 1) : 0;
    if (colon) *colon = 0;
    snprintf(msg, sizeof msg, "sandbox setup failed at %s: %s", setup, strerror(err));
    json_string(f, msg);
  } else fprintf(f, "null");
  fprintf(f, ",\"cgroup\":\"%s\"", cg_label);
  fprintf(f, ",\"exitCode\":");
  if (exit_code >= 0) fprintf(f, "%lld", exit_code);
  else fprintf(f, "null");
  fprintf(f, ",\"signal\":");
  if (sig >= 0) fprintf(f, "%lld", sig);
  else fprintf(f, "null");
  fprintf(f, ",\"cpuMs\":%lld,\"timeMs\":%lld,\"wallMs\":%lld,\"memoryKB\":%lld,\"maxrssKB\":%lld", cpu,
          r->inner_ok ? utime + stime : cpu, r->wall_ms, memory, maxrss);
  fprintf(f, ",\"cgroupPeakKB\":%lld", s->peak_bytes > 0 ? s->peak_bytes / 1024 : 0);
  fprintf(f, ",\"oomKilled\":%s", s->oom_kills > 0 ? "true" : "false");
  fprintf(f, ",\"pidsLimitHit\":%s", s->pids_max_events > 0 ? "true" : "false");
  fprintf(f, ",\"outputLimit\":%s", sig == SIGXFSZ ? "true" : "false");
  fprintf(f, ",\"tle\":");
  if (tle) fprintf(f, "\"%s\"", tle);
  else fprintf(f, "null");
  fprintf(f, ",\"terminated\":%s,\"innerReported\":%s", r->terminated ? "true" : "false",
          r->inner_ok ? "true" : "false");
  if (box_alive >= 0) fprintf(f, ",\"boxAlive\":%s", box_alive ? "true" : "false");
  fprintf(f, "}\n");
  fflush(f);
}

/* Reads the host pid of the sandbox's pid 1 from bwrap's --info-fd JSON. */
static pid_t parse_child_pid(const char *info) {
  const char *p = strstr(info, "\"child-pid\"");
  if (!p) return 0;
  p = strchr(p, ':');
  if (!p) return 0;
  return (pid_t)atol(p + 1);
}

/* The bwrap command line (see docs/judge.md for why each flag is there), then the inner
   supervisor's: one run (--inner) or a persistent box (--inner-box, runs sent over fd 6).
   Returns the number of arguments, -1 if they do not fit. */
static int build_bwrap(const struct outer_opts *o_, int seccomp_fd, int box_mode, char **args, int cap) {
  const struct outer_opts o = *o_;
  int n = 0;
  int bad = 0;
  char *tmp_size = fmt_num(o.tmp_kb * 1024);
#define A(x) bad |= add_arg(args, &n, cap, (x))
  A(o.bwrap);
  A("--as-pid-1");
  A("--unshare-pid");
  A("--unshare-net");
  A("--unshare-ipc");
  A("--unshare-uts");
  A("--unshare-cgroup");
  A("--hostname");
  A("box");
  A("--die-with-parent");
  A("--new-session");
  A("--clearenv");
  A("--setenv");
  A("PATH");
  A("/usr/local/bin:/usr/bin:/bin");
  A("--setenv");
  A("HOME");
  A("/w");
  for (int i = 0; i < o.n_env; i++) {
    char *eq = strchr(o.env[i], '=');
    char *key = strndup(o.env[i], (size_t)(eq - o.env[i]));
    A("--setenv");
    A(key);
    A(eq + 1);
  }
  static const char *sys_ro[] = {"/usr", "/lib", "/lib64", "/bin", NULL};
  for (int i = 0; sys_ro[i]; i++) {
    if (access(sys_ro[i], F_OK) < 0) continue;
    A("--ro-bind");
    A(sys_ro[i]);
    A(sys_ro[i]);
  }
  /* bwrap would create missing parents as 0700, unusable by the box uid. */
  A("--perms");
  A("0755");
  A("--dir");
  A("/etc");
  static const char *etc_ro[] = {"/etc/alternatives", "/etc/ld.so.cache", NULL};
  for (int i = 0; etc_ro[i]; i++) {
    if (access(etc_ro[i], F_OK) < 0) continue;
    A("--ro-bind");
    A(etc_ro[i]);
    A(etc_ro[i]);
  }
  for (int i = 0; i < o.n_dirs; i++) {
    A("--perms");
    A("0755");
    A("--dir");
    A(o.dirs[i]);
  }
  for (int i = 0; i < o.n_ro; i++) {
    A("--ro-bind");
    A(o.ro_src[i]);
    A(o.ro_dst[i]);
  }
  A("--perms");
  A("1777");
  A("--size");
  A(tmp_size);
  A("--tmpfs");
  A("/tmp");
  A("--proc");
  A("/proc");
  A("--dev");
  A("/dev");
  A(o.box_ro ? "--ro-bind" : "--bind");
  A(o.box);
  A("/w");
  for (int i = 0; i < o.n_late; i++) {
    A(o.late_rw[i] ? "--bind" : "--ro-bind");
    A(o.late_src[i]);
    A(o.late_dst[i]);
  }
  A("--ro-bind");
  A(o.self);
  A("/.judge-sup");
  A("--chdir");
  A(o.chdir);
  A("--cap-drop");
  A("ALL");
  A("--cap-add");
  A("CAP_SETUID");
  A("--cap-add");
  A("CAP_SETGID");
  A("--cap-add");
  A("CAP_KILL");
  A("--cap-add");
  A("CAP_SETPCAP");
  A("--info-fd");
  A("8");
  if (seccomp_fd >= 0) {
    A("--seccomp");
    A("7");
  }
  A("--");
  A("/.judge-sup");
  if (box_mode) {
    A("--inner-box");
    A("--uid");
    A(fmt_num(o.uid));
    A("--result-fd");
    A("6");
  } else {
    A("--inner");
    A("--uid");
    A(fmt_num(o.uid));
    /* RLIMIT_CPU is only a backstop behind the cgroup counter; without cgroups it is the limit. */
    long long cpu_s = o.cpu_ms > 0 ? (o.cpu_ms + 999) / 1000 + (cg.mode != CG_NONE ? 1 : 0) : 0;
    A("--cpu-s");
    A(fmt_num(cpu_s));
    A("--fsize");
    A(fmt_num(o.fsize));
    A("--stack-kb");
    A(fmt_num(o.stack_kb));
    A("--nofile");
    A(fmt_num(o.nofile));
    A("--nproc");
    A(fmt_num(o.nproc));
    /* RLIMIT_AS only when no memory cgroup is there (it breaks JVMs, so the caller decides). */
    A("--as-kb");
    A(fmt_num(cg.mode == CG_NONE ? o.as_kb : 0));
    A("--result-fd");
    A("6");
    if (o.in) {
      A("--in");
      A(o.in);
    }
    if (o.out) {
      A("--out");
      A(o.out);
    }
    if (o.err) {
      A("--err");
      A(o.err);
    }
    A("--");
    for (char **p = o.argv; *p; p++) A(*p);
  }
#undef A
  return bad ? -1 : n;
}

/* Forks bwrap inside the box's cgroups. fds moved to their fixed numbers in the child:
   6 the inner's result pipe or control socket, 7 the seccomp filter, 8 bwrap's --info-fd. In a
   persistent box the program's stdio (3/4/5) are not inherited: each run brings its own. */
static pid_t start_bwrap(const char *bwrap, char **args, int result_w, int seccomp_fd, int info_w, int box_mode) {
  pid_t child = fork();
  if (child != 0) return child;
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (cg_join() < 0) {
    diag("cannot join the cgroup: %s", strerror(errno));
    _exit(125);
  }
  setpgid(0, 0);
  int devnull = open("/dev/null", O_RDWR);
  /* Move the protocol fds to their fixed numbers; dup2 to the same number keeps CLOEXEC, so
     clear it explicitly. */
  int want_src[3] = {result_w, seccomp_fd, info_w};
  int want_dst[3] = {FD_INNER_RESULT, FD_SECCOMP, FD_BWRAP_INFO};
  int moved[3];
  for (int i = 0; i < 3; i++) moved[i] = want_src[i] >= 0 ? fcntl(want_src[i], F_DUPFD_CLOEXEC, 64) : -1;
  for (int i = 0; i < 3; i++) {
    if (moved[i] < 0) continue;
    dup2(moved[i], want_dst[i]);
    fcntl(want_dst[i], F_SETFD, 0);
  }
  dup2(devnull, 0);
  dup2(devnull, 1);
  if (box_mode)
    for (int fd = FD_PROG_IN; fd <= FD_PROG_ERR; fd++) close(fd);
  for (int fd = 9; fd < 1024; fd++) close(fd);
  execv(bwrap, args);
  diag("exec %s: %s", bwrap, strerror(errno));
  _exit(126);
}

static int outer_main(int argc, char **argv) {
  struct outer_opts o = {.bwrap = "/usr/bin/bwrap", .chdir = "/w", .nofile = 64, .tmp_kb = 16384};
  struct outcome r = {0};
  struct cg_stats stats = {-1, -1, -1, 0, 0};
  if (parse_outer(argc, argv, &o) < 0) {
    r.error = "bad supervisor arguments";
    print_result(&o, &r, &stats, -1);
    return 2;
  }
  if (o.nproc <= 0) o.nproc = o.pids;
  if (geteuid() != 0) {
    r.error = "judge-sup must run as root";
    print_result(&o, &r, &stats, -1);
    return 2;
  }

  /* SIGTERM/SIGINT/SIGHUP: kill the box and clean up; the parent dying counts as SIGTERM. */
  struct sigaction sa = {0};
  sa.sa_handler = outer_on_signal;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) outer_terminated = 1;

  long long mem_bytes = o.mem_kb > 0 ? o.mem_kb * 1024 : 0;
  if (!o.no_cgroup) cg_setup(mem_bytes, o.pids, o.cgroup_root);

  int seccomp_fd = -1;
  if (!o.no_seccomp) {
    seccomp_fd = build_seccomp();
    if (seccomp_fd < 0) {
      r.error = "cannot build the seccomp filter";
      cg_cleanup();
      print_result(&o, &r, &stats, -1);
      return 2;
    }
  }
  int result_pipe[2], info_pipe[2];
  if (pipe2(result_pipe, O_CLOEXEC) < 0 || pipe2(info_pipe, O_CLOEXEC) < 0) {
    r.error = "pipe failed";
    cg_cleanup();
    print_result(&o, &r, &stats, -1);
    return 2;
  }

  char *args[512];
  if (build_bwrap(&o, seccomp_fd, 0, args, 512) < 0) {
    r.error = "too many sandbox arguments";
    cg_cleanup();
    print_result(&o, &r, &stats, -1);
    return 2;
  }

  prctl(PR_SET_CHILD_SUBREAPER, 1);
  int64_t start = now_ms();
  pid_t child = start_bwrap(o.bwrap, args, result_pipe[1], seccomp_fd, info_pipe[1], 0);
  if (child < 0) {
    r.error = "fork failed";
    cg_cleanup();
    print_result(&o, &r, &stats, -1);
    return 2;
  }
  close(result_pipe[1]);
  close(info_pipe[1]);
  if (seccomp_fd >= 0) close(seccomp_fd);
  fcntl(result_pipe[0], F_SETFL, O_NONBLOCK);
  fcntl(info_pipe[0], F_SETFL, O_NONBLOCK);

  int pidfd = (int)syscall(SYS_pidfd_open, child, 0);
  char info[512] = "";
  size_t info_len = 0;
  pid_t inner_pid = 0;
  int64_t kill_sent_at = -1; /* when we asked the inner supervisor to stop the program */
  int status = 0, exited = 0;

  for (;;) {
    struct pollfd pfd[2];
    int nfds = 0;
    if (pidfd >= 0) pfd[nfds++] = (struct pollfd){.fd = pidfd, .events = POLLIN};
    int info_idx = -1;
    if (info_pipe[0] >= 0) {
      info_idx = nfds;
      pfd[nfds++] = (struct pollfd){.fd = info_pipe[0], .events = POLLIN};
    }
    poll(pfd, (nfds_t)nfds, POLL_MS);
    if (info_idx >= 0 && (pfd[info_idx].revents & (POLLIN | POLLHUP))) {
      ssize_t k = read(info_pipe[0], info + info_len, sizeof info - 1 - info_len);
      if (k > 0) {
        info_len += (size_t)k;
        info[info_len] = 0;
        if (!inner_pid) inner_pid = parse_child_pid(info);
      } else if (k == 0 || (errno != EAGAIN && errno != EINTR)) {
        close(info_pipe[0]);
        info_pipe[0] = -1;
      }
    }
    pid_t w = waitpid(child, &status, WNOHANG);
    if (w == child) {
      exited = 1;
      break;
    }
    int64_t elapsed = now_ms() - start;
    const char *reason = NULL;
    if (outer_terminated) reason = "terminated";
    else if (elapsed > o.wall_ms) reason = "wall";
    else if (o.cpu_ms > 0) {
      long long cpu = cg_cpu_us();
      if (cpu >= 0 && cpu / 1000 > o.cpu_ms) reason = "cpu";
    }
    if (reason && kill_sent_at < 0) {
      if (!strcmp(reason, "terminated")) r.terminated = 1;
      else r.tle = reason;
      kill_sent_at = now_ms();
      /* Ask the inner supervisor to kill the program so it can still report the real rusage. */
      if (inner_pid > 0 && !r.terminated) kill(inner_pid, SIGUSR1);
      else {
        cg_kill_all();
        kill(child, SIGKILL);
        if (inner_pid > 0) kill(inner_pid, SIGKILL);
      }
    } else if (kill_sent_at >= 0 && now_ms() - kill_sent_at > GRACE_MS) {
      cg_kill_all();
      kill(child, SIGKILL);
      if (inner_pid > 0) kill(inner_pid, SIGKILL);
    }
  }
  r.wall_ms = now_ms() - start;
  (void)exited;

  /* Everything still in the groups dies; orphans reparented to us (subreaper) are reaped. */
  cg_kill_all();
  if (inner_pid > 0) kill(inner_pid, SIGKILL);
  for (int i = 0; i < 500 && !cg_all_empty(); i++) {
    reap_all();
    cg_kill_all();
    sleep_ms(1);
  }
  reap_all();

  ssize_t got = 0;
  for (;;) {
    ssize_t k = read(result_pipe[0], r.inner + got, sizeof r.inner - 1 - (size_t)got);
    if (k > 0) {
      got += k;
      if ((size_t)got >= sizeof r.inner - 1) break;
      continue;
    }
    if (k < 0 && errno == EINTR) continue;
    break;
  }
  r.inner[got] = 0;
  r.inner_ok = got > 0 && strchr(r.inner, '}') != NULL;
  stats = cg_read_stats();
  if (r.terminated) r.error = "terminated";
  else if (!r.inner_ok && !r.tle && stats.oom_kills == 0) {
    /* Neither a report nor a reason to have killed it: bwrap itself failed (message on fd 2). */
    static char msg[96];
    if (WIFEXITED(status)) snprintf(msg, sizeof msg, "sandbox failed to start (bwrap exit %d)", WEXITSTATUS(status));
    else snprintf(msg, sizeof msg, "sandbox failed to start (bwrap signal %d)", WTERMSIG(status));
    r.error = msg;
  }

  cg_cleanup();
  print_result(&o, &r, &stats, -1);
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Persistent box: one outer supervisor, one bwrap, one inner pid 1 for many runs             */
/* ------------------------------------------------------------------------------------------ */

/* How long a box may take to become clean after a run before it is given up. */
#define CLEAN_TIMEOUT_MS 10000
#define START_TIMEOUT_MS 20000

struct run_req {
  long long cpu_ms, wall_ms, fsize, stack_kb, nofile, nproc, as_kb;
  const char *stdin_path, *stdout_path, *stderr_path, *chdir;
  const char *env[MAX_ENV];
  int n_env;
  char **argv;
};

static int parse_run(int argc, char **argv, struct run_req *q) {
  int i = 0;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (i + 1 >= argc) return -1;
    const char *v = argv[++i];
    long long *num = NULL;
    if (!strcmp(a, "--cpu-ms")) num = &q->cpu_ms;
    else if (!strcmp(a, "--wall-ms")) num = &q->wall_ms;
    else if (!strcmp(a, "--fsize")) num = &q->fsize;
    else if (!strcmp(a, "--stack-kb")) num = &q->stack_kb;
    else if (!strcmp(a, "--nofile")) num = &q->nofile;
    else if (!strcmp(a, "--nproc")) num = &q->nproc;
    else if (!strcmp(a, "--as-kb")) num = &q->as_kb;
    else if (!strcmp(a, "--stdin")) q->stdin_path = v;
    else if (!strcmp(a, "--stdout")) q->stdout_path = v;
    else if (!strcmp(a, "--stderr")) q->stderr_path = v;
    else if (!strcmp(a, "--chdir")) q->chdir = v;
    else if (!strcmp(a, "--env")) {
      if (q->n_env >= MAX_ENV || !strchr(v, '=')) return -1;
      q->env[q->n_env++] = v;
    } else {
      diag("unknown run option %s", a);
      return -1;
    }
    if (num && parse_int(v, num) < 0) return -1;
  }
  if (i >= argc || q->wall_ms <= 0) return -1;
  q->argv = argv + i;
  return 0;
}

/* Reads exactly n bytes from fd 0 (-1 on EOF, error or termination). */
static int read_exact(char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t k = read(0, buf + got, n - got);
    if (k < 0 && errno == EINTR && !outer_terminated) continue;
    if (k <= 0) return -1;
    got += (size_t)k;
  }
  return 0;
}

/* A request from the judge: "<length>\n" then that many bytes of NUL-terminated arguments. */
static ssize_t read_request(char *buf, size_t cap) {
  char head[24];
  size_t h = 0;
  for (;;) {
    if (h + 1 >= sizeof head || read_exact(head + h, 1) < 0) return -1;
    if (head[h] == '\n') break;
    h++;
  }
  head[h] = 0;
  long long len;
  if (parse_int(head, &len) < 0 || len <= 0 || (size_t)len >= cap) return -1;
  if (read_exact(buf, (size_t)len) < 0) return -1;
  buf[len] = 0;
  return (ssize_t)len;
}

/* Appends one NUL-terminated argument to the request for the inner supervisor. */
static int put_arg(char *buf, size_t cap, size_t *len, const char *arg) {
  size_t n = strlen(arg) + 1;
  if (*len + n > cap) return -1;
  memcpy(buf + *len, arg, n);
  *len += n;
  return 0;
}

static int put_num(char *buf, size_t cap, size_t *len, const char *opt, long long v) {
  char num[32];
  snprintf(num, sizeof num, "%lld", v);
  return put_arg(buf, cap, len, opt) | put_arg(buf, cap, len, num);
}

static int open_output(const char *path) {
  if (!path) return open("/dev/null", O_WRONLY | O_CLOEXEC);
  return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
}

static int send_request(int sock, const char *buf, size_t len, const int fds[3]) {
  struct iovec iov = {(void *)buf, len};
  union {
    struct cmsghdr h;
    char space[CMSG_SPACE(3 * sizeof(int))];
  } ctl;
  memset(&ctl, 0, sizeof ctl);
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.space, .msg_controllen = sizeof ctl.space};
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(3 * sizeof(int));
  memcpy(CMSG_DATA(c), fds, 3 * sizeof(int));
  for (;;) {
    ssize_t n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    return n == (ssize_t)len ? 0 : -1;
  }
}

struct box {
  struct outer_opts o;
  int sock;
  pid_t child; /* bwrap */
  int pidfd;
  pid_t inner_pid;
  int alive;
};

static void box_hard_kill(struct box *b) {
  cg_kill_all();
  if (b->child > 0) kill(b->child, SIGKILL);
  if (b->inner_pid > 0) kill(b->inner_pid, SIGKILL);
  b->alive = 0;
}

/* One run in the box. Returns 0; b->alive says whether the box can take another. */
static void box_run(struct box *b, char *payload, size_t plen) {
  static char *args[1024];
  int ac = 0;
  for (char *p = payload; p < payload + plen && ac < 1023; p += strlen(p) + 1) args[ac++] = p;
  args[ac] = NULL;
  struct run_req q = {.nofile = 64};
  if (parse_run(ac, args, &q) < 0) {
    struct outer_opts none = {0};
    struct outcome r = {.error = "bad run request"};
    struct cg_stats s = {-1, -1, -1, 0, 0};
    print_result(&none, &r, &s, 1);
    return;
  }
  struct outer_opts ro = b->o;
  ro.cpu_ms = q.cpu_ms;
  ro.wall_ms = q.wall_ms;
  struct outcome r = {0};
  struct cg_stats stats = {-1, -1, -1, 0, 0};

  /* The program's stdio, opened here as root outside the box, as the judge would. */
  int fds[3];
  fds[0] = open(q.stdin_path ? q.stdin_path : "/dev/null", O_RDONLY | O_CLOEXEC);
  fds[1] = open_output(q.stdout_path);
  if (q.stderr_path && q.stdout_path && !strcmp(q.stderr_path, q.stdout_path)) fds[2] = dup(fds[1]);
  else fds[2] = open_output(q.stderr_path);
  if (fds[0] < 0 || fds[1] < 0 || fds[2] < 0) {
    static char msg[PATH_MAX + 64];
    snprintf(msg, sizeof msg, "cannot open the program's stdio: %s", strerror(errno));
    for (int i = 0; i < 3; i++)
      if (fds[i] >= 0) close(fds[i]);
    r.error = msg;
    print_result(&ro, &r, &stats, 1);
    return;
  }

  static char req[1 << 16];
  size_t len = 0;
  int bad = 0;
  long long cpu_s = q.cpu_ms > 0 ? (q.cpu_ms + 999) / 1000 + (cg.mode != CG_NONE ? 1 : 0) : 0;
  bad |= put_num(req, sizeof req, &len, "--cpu-s", cpu_s);
  bad |= put_num(req, sizeof req, &len, "--fsize", q.fsize);
  bad |= put_num(req, sizeof req, &len, "--stack-kb", q.stack_kb);
  bad |= put_num(req, sizeof req, &len, "--nofile", q.nofile);
  bad |= put_num(req, sizeof req, &len, "--nproc", q.nproc > 0 ? q.nproc : b->o.nproc);
  bad |= put_num(req, sizeof req, &len, "--as-kb", cg.mode == CG_NONE ? q.as_kb : 0);
  if (q.chdir) bad |= put_arg(req, sizeof req, &len, "--chdir") | put_arg(req, sizeof req, &len, q.chdir);
  for (int i = 0; i < q.n_env; i++)
    bad |= put_arg(req, sizeof req, &len, "--env") | put_arg(req, sizeof req, &len, q.env[i]);
  bad |= put_arg(req, sizeof req, &len, "--");
  for (char **p = q.argv; *p; p++) bad |= put_arg(req, sizeof req, &len, *p);
  if (bad) {
    for (int i = 0; i < 3; i++) close(fds[i]);
    r.error = "run request too long";
    print_result(&ro, &r, &stats, 1);
    return;
  }

  struct cg_stats base = cg_begin_run();
  int64_t start = now_ms();
  int sent = send_request(b->sock, req, len, fds);
  for (int i = 0; i < 3; i++) close(fds[i]);
  int got_report = 0, got_clean = 0, clean = 0;
  int64_t kill_sent_at = -1, reported_at = -1;
  if (sent < 0) b->alive = 0;

  while (b->alive && !got_clean) {
    struct pollfd pfd[2] = {{.fd = b->sock, .events = POLLIN}, {.fd = b->pidfd, .events = POLLIN}};
    poll(pfd, b->pidfd >= 0 ? 2 : 1, POLL_MS);
    if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char msg[2048];
      ssize_t k = recv(b->sock, msg, sizeof msg - 1, MSG_DONTWAIT);
      if (k > 0) {
        msg[k] = 0;
        if (msg[0] == 'R' || msg[0] == 'E') {
          got_report = 1;
          reported_at = now_ms();
          r.wall_ms = reported_at - start;
          if (msg[0] == 'R') {
            memcpy(r.inner, msg + 1, (size_t)k); /* k - 1 bytes and the NUL */
            r.inner_ok = strchr(r.inner, '}') != NULL;
          } else {
            static char err[512];
            if (!json_str(msg + 1, "error", err, sizeof err)) snprintf(err, sizeof err, "box failure");
            r.error = err;
          }
          stats = cg_run_stats(&base);
        } else if (msg[0] == 'C') {
          got_clean = 1;
          clean = msg[1] == '1';
        }
        continue;
      }
      if (k == 0 || (errno != EAGAIN && errno != EINTR)) {
        b->alive = 0; /* the inner supervisor is gone */
        break;
      }
    }
    if (b->pidfd >= 0 && (pfd[1].revents & POLLIN)) {
      b->alive = 0; /* bwrap exited: the box is gone */
      break;
    }
    int64_t now = now_ms();
    if (got_report) {
      if (now - reported_at > CLEAN_TIMEOUT_MS) {
        diag("the box did not become clean within %d ms", CLEAN_TIMEOUT_MS);
        box_hard_kill(b);
      }
      continue;
    }
    const char *reason = NULL;
    if (outer_terminated) reason = "terminated";
    else if (now - start > q.wall_ms) reason = "wall";
    else if (q.cpu_ms > 0) {
      long long cpu = cg_cpu_us();
      if (cpu >= 0 && base.cpu_us >= 0 && (cpu - base.cpu_us) / 1000 > q.cpu_ms) reason = "cpu";
    }
    if (reason && kill_sent_at < 0) {
      kill_sent_at = now;
      if (!strcmp(reason, "terminated")) {
        r.terminated = 1;
        box_hard_kill(b);
      } else {
        r.tle = reason;
        /* the inner supervisor kills the program and still reports its real rusage */
        if (b->inner_pid > 0) kill(b->inner_pid, SIGUSR1);
        else box_hard_kill(b);
      }
    } else if (kill_sent_at >= 0 && now - kill_sent_at > GRACE_MS) {
      box_hard_kill(b);
    }
  }
  if (!got_report) {
    r.wall_ms = now_ms() - start;
    stats = cg_run_stats(&base);
    if (r.terminated) r.error = "terminated";
    else if (!r.tle && stats.oom_kills == 0) r.error = "the sandbox box died";
  }
  if (got_clean && !clean) b->alive = 0;
  if (!got_clean) b->alive = 0;
  print_result(&ro, &r, &stats, b->alive);
}

static int box_main(int argc, char **argv) {
  struct box b = {.o = {.bwrap = "/usr/bin/bwrap", .chdir = "/w", .nofile = 64, .tmp_kb = 16384},
                  .sock = -1,
                  .pidfd = -1};
  prog = "judge-sup(box)";
  if (parse_outer(argc, argv, &b.o) < 0) {
    printf("{\"ready\":false,\"error\":\"bad supervisor arguments\"}\n");
    return 2;
  }
  if (b.o.nproc <= 0) b.o.nproc = b.o.pids;
  if (geteuid() != 0) {
    printf("{\"ready\":false,\"error\":\"judge-sup must run as root\"}\n");
    return 2;
  }
  struct sigaction sa = {0};
  sa.sa_handler = outer_on_signal; /* no SA_RESTART: a blocking read returns EINTR */
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) outer_terminated = 1;

  if (!b.o.no_cgroup) cg_setup(b.o.mem_kb > 0 ? b.o.mem_kb * 1024 : 0, b.o.pids, b.o.cgroup_root);
  int seccomp_fd = -1;
  if (!b.o.no_seccomp && (seccomp_fd = build_seccomp()) < 0) {
    cg_cleanup();
    printf("{\"ready\":false,\"error\":\"cannot build the seccomp filter\"}\n");
    return 2;
  }
  int sp[2], info_pipe[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp) < 0 || pipe2(info_pipe, O_CLOEXEC) < 0) {
    cg_cleanup();
    printf("{\"ready\":false,\"error\":\"socketpair failed\"}\n");
    return 2;
  }
  char *args[512];
  if (build_bwrap(&b.o, seccomp_fd, 1, args, 512) < 0) {
    cg_cleanup();
    printf("{\"ready\":false,\"error\":\"too many sandbox arguments\"}\n");
    return 2;
  }
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  b.child = start_bwrap(b.o.bwrap, args, sp[1], seccomp_fd, info_pipe[1], 1);
  close(sp[1]);
  close(info_pipe[1]);
  if (seccomp_fd >= 0) close(seccomp_fd);
  b.sock = sp[0];
  b.alive = b.child > 0;
  if (b.child > 0) b.pidfd = (int)syscall(SYS_pidfd_open, b.child, 0);

  /* Ready once bwrap reported the inner supervisor's host pid (needed to stop a run). */
  char info[512] = "";
  size_t info_len = 0;
  int64_t started = now_ms();
  /* read the whole JSON object: closing our end before bwrap wrote all of it would kill bwrap
     with SIGPIPE (and the fd is kept open until the end anyway) */
  int info_open = 1;
  while (b.alive && info_open && !(b.inner_pid && strchr(info, '}')) && now_ms() - started < START_TIMEOUT_MS &&
         !outer_terminated) {
    struct pollfd pfd = {.fd = info_pipe[0], .events = POLLIN};
    poll(&pfd, 1, POLL_MS);
    if (pfd.revents & (POLLIN | POLLHUP)) {
      ssize_t k = read(info_pipe[0], info + info_len, sizeof info - 1 - info_len);
      if (k > 0) {
        info_len += (size_t)k;
        info[info_len] = 0;
        b.inner_pid = parse_child_pid(info);
      } else if (k == 0 || (errno != EAGAIN && errno != EINTR)) {
        info_open = 0;
      }
    }
    int st;
    if (waitpid(b.child, &st, WNOHANG) == b.child) {
      b.child = -1;
      b.alive = 0;
    }
  }
  if (!b.inner_pid) {
    box_hard_kill(&b);
    printf("{\"ready\":false,\"error\":\"sandbox failed to start\"}\n");
  } else {
    printf("{\"ready\":true,\"cgroup\":\"%s\"}\n", cg_label);
  }
  fflush(stdout);

  static char payload[1 << 16];
  while (b.alive && !outer_terminated) {
    ssize_t n = read_request(payload, sizeof payload);
    if (n < 0) break;
    box_run(&b, payload, (size_t)n);
  }
  /* Teardown: closing the socket makes the inner supervisor exit, which ends the namespace. */
  close(b.sock);
  close(info_pipe[0]);
  for (int i = 0; i < 200 && b.child > 0; i++) {
    if (waitpid(b.child, NULL, WNOHANG) == b.child) {
      b.child = -1;
      break;
    }
    sleep_ms(2);
  }
  cg_kill_all();
  if (b.child > 0) {
    kill(b.child, SIGKILL);
    waitpid(b.child, NULL, 0);
  }
  for (int i = 0; i < 500 && !cg_all_empty(); i++) {
    reap_all();
    cg_kill_all();
    sleep_ms(1);
  }
  reap_all();
  cg_cleanup();
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* cgroup v2 self-test: the v2 file handling against a fake cgroup directory (tests only)     */
/* ------------------------------------------------------------------------------------------ */

/* Commands on stdin, one JSON line answered per command:
     setup BASE NAME MEM_BYTES PIDS   create BASE/NAME and write the limits
     begin                            start of a run: reset the peak, read the baselines
     end                              the run's usage (deltas, peak)
     destroy                          kill and remove the group */
static int selftest_main(void) {
  prog = "judge-sup(cgroup-selftest)";
  memset(&cg, 0, sizeof cg);
  cg.v2_peak_fd = -1;
  cg.fake = 1;
  struct cg_stats base = {-1, -1, -1, 0, 0};
  char line[PATH_MAX * 2];
  setvbuf(stdout, NULL, _IOLBF, 0);
  while (fgets(line, sizeof line, stdin)) {
    char cmd[32], dir[PATH_MAX], name[64];
    long long mem = 0, pids = 0;
    if (sscanf(line, "%31s", cmd) != 1) continue;
    if (!strcmp(cmd, "setup") && sscanf(line, "%*s %4095s %63s %lld %lld", dir, name, &mem, &pids) == 4) {
      snprintf(cg_name, sizeof cg_name, "%s", name);
      int ok = cg_setup_v2(dir, mem, pids) == 0;
      printf("{\"ok\":%s,\"group\":", ok ? "true" : "false");
      json_string(stdout, cg.v2);
      printf(",\"peakResettable\":%s}\n", cg.peak_resettable ? "true" : "false");
    } else if (!strcmp(cmd, "begin")) {
      base = cg_begin_run();
      printf("{\"ok\":true,\"cpuUs\":%lld,\"oomKills\":%lld,\"pidsMax\":%lld,\"peakResettable\":%s}\n", base.cpu_us,
             base.oom_kills, base.pids_max_events, cg.peak_resettable ? "true" : "false");
    } else if (!strcmp(cmd, "end")) {
      struct cg_stats s = cg_run_stats(&base);
      printf("{\"ok\":true,\"cpuMs\":%lld,\"cpuUs\":%lld,\"peakBytes\":%lld,\"oomKills\":%lld,\"pidsMax\":%lld}\n",
             s.cpu_ms, s.cpu_us, s.peak_bytes, s.oom_kills, s.pids_max_events);
    } else if (!strcmp(cmd, "destroy")) {
      cg_cleanup();
      printf("{\"ok\":true}\n");
    } else {
      printf("{\"ok\":false,\"error\":\"unknown command\"}\n");
    }
  }
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Pair mode: two sandboxes joined by two kernel pipes (interactive problems)                  */
/* ------------------------------------------------------------------------------------------ */

static volatile sig_atomic_t pair_terminated = 0;
static void pair_on_signal(int sig) {
  (void)sig;
  pair_terminated = 1;
}

/* Moves fd above the range the children use (0-5), close-on-exec; -1 stays -1. */
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
  int reaped;
  char result[4096];
};

/* Starts one outer supervisor: fd 1 its result pipe, 3/4/5 the program's stdin/stdout/stderr. */
static pid_t spawn_side(const char *self, char **args, int in_fd, int out_fd, int err_fd, int result_w) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
  int devnull = open("/dev/null", O_RDWR);
  /* every source is >= 64 (fd_high), so no dup2 below overwrites another source */
  if (devnull < 0 || dup2(devnull, 0) < 0 || dup2(result_w, 1) < 0 || dup2(in_fd, FD_PROG_IN) < 0 ||
      dup2(out_fd, FD_PROG_OUT) < 0 || dup2(err_fd, FD_PROG_ERR) < 0) {
    diag("pair: cannot set up a side's fds: %s", strerror(errno));
    _exit(125);
  }
  if (devnull > FD_PROG_ERR) close(devnull);
  execv(self, args);
  diag("pair: exec %s: %s", self, strerror(errno));
  _exit(126);
}

/* After the side was reaped its result is already in the pipe; non-blocking, so a stray holder of
   the write end can never hang the launcher. */
static void read_side_result(struct side *s) {
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
}

static int side_result_ok(const struct side *s) {
  size_t n = strlen(s->result);
  return n > 1 && s->result[0] == '{' && s->result[n - 1] == '}' && !strchr(s->result, '\n');
}

static int pair_main(int argc, char **argv) {
  prog = "judge-sup(pair)";
  long long split = -1;
  if (argc < 6 || parse_int(argv[3], &split) < 0 || split < 2 || 4 + split >= argc) {
    diag("usage: --pair OK_EXITS N <N args of side A> <args of side B>");
    printf("{\"error\":\"bad supervisor arguments\",\"first\":null,\"a\":null,\"b\":null}\n");
    return 2;
  }
  const char *ok_exits = argv[2];
  static char self[PATH_MAX];
  ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
  if (k <= 0) {
    printf("{\"error\":\"cannot find the supervisor binary\",\"first\":null,\"a\":null,\"b\":null}\n");
    return 2;
  }
  self[k] = 0;

  struct sigaction sa = {0};
  sa.sa_handler = pair_on_signal; /* no SA_RESTART: a blocking wait returns EINTR */
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) pair_terminated = 1;
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

  /* argv for each side: [self, args..., NULL] */
  char **args_a = calloc((size_t)split + 2, sizeof *args_a);
  char **args_b = calloc((size_t)(argc - 4 - split) + 2, sizeof *args_b);
  if (!args_a || !args_b) return 2;
  args_a[0] = args_b[0] = self;
  for (long long i = 0; i < split; i++) args_a[i + 1] = argv[4 + i];
  for (int i = 4 + (int)split, j = 1; i < argc; i++, j++) args_b[j] = argv[i];

  int err_a = fd_high(fcntl(FD_PROG_IN, F_GETFD) >= 0 ? dup(FD_PROG_IN) : open("/dev/null", O_WRONLY));
  int err_b = fd_high(fcntl(FD_PROG_OUT, F_GETFD) >= 0 ? dup(FD_PROG_OUT) : open("/dev/null", O_WRONLY));
  close(FD_PROG_IN);
  close(FD_PROG_OUT);
  int ab[2] = {-1, -1}, ba[2] = {-1, -1}, ra[2] = {-1, -1}, rb[2] = {-1, -1};
  if (err_a < 0 || err_b < 0 || pipe_high(ab) < 0 || pipe_high(ba) < 0 || pipe_high(ra) < 0 ||
      pipe_high(rb) < 0) {
    printf("{\"error\":\"pair: pipe setup failed\",\"first\":null,\"a\":null,\"b\":null}\n");
    return 2;
  }
  fflush(stdout);
  struct side a = {.pid = -1, .pidfd = -1, .result_fd = ra[0]};
  struct side b = {.pid = -1, .pidfd = -1, .result_fd = rb[0]};
  a.pid = spawn_side(self, args_a, ba[0], ab[1], err_a, ra[1]);
  if (a.pid > 0) b.pid = spawn_side(self, args_b, ab[0], ba[1], err_b, rb[1]);
  close_fd(&ra[1]);
  close_fd(&rb[1]);
  close_fd(&err_a);
  close_fd(&err_b);
  if (a.pid < 0 || b.pid < 0) {
    if (a.pid > 0) {
      kill(a.pid, SIGTERM);
      waitpid(a.pid, NULL, 0);
    }
    printf("{\"error\":\"pair: fork failed\",\"first\":null,\"a\":null,\"b\":null}\n");
    return 2;
  }
  a.pidfd = (int)syscall(SYS_pidfd_open, a.pid, 0);
  b.pidfd = (int)syscall(SYS_pidfd_open, b.pid, 0);

  const char *first = NULL;
  int forwarded = 0;
  while (!a.reaped || !b.reaped) {
    if (pair_terminated && !forwarded) {
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
      read_side_result(s);
      if (s == &a) {
        close_fd(&ab[1]); /* B may now see EOF */
      } else {
        close_fd(&ba[1]); /* A may now see EOF */
        long long code = side_result_ok(s) ? json_num(s->result, "exitCode", -1) : -1;
        if (!in_list(ok_exits, code)) close_fd(&ab[0]); /* B decided against A: A gets SIGPIPE */
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

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--inner")) return inner_main(argc, argv);
  if (argc > 1 && !strcmp(argv[1], "--pair")) return pair_main(argc, argv);
  if (argc > 1 && !strcmp(argv[1], "--inner-box")) return inner_box_main(argc, argv);
  if (argc > 1 && !strcmp(argv[1], "--persistent")) return box_main(argc, argv);
  if (argc > 1 && !strcmp(argv[1], "--cgroup-selftest")) return selftest_main();
  return outer_main(argc, argv);
}
