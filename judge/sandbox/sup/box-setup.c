/*
 * box-setup.c: how a box is built — its mounts and namespaces (the bwrap command line), how the
 * outer supervisor starts bwrap inside the box's cgroups, and how a process in the box gives up
 * root (rlimits, capability sets, the box uid).
 *
 * The box is a bubblewrap container: fresh pid, net, ipc, uts and cgroup namespaces, a read-only
 * view of the toolchains (/usr, /lib, ...) and nothing else of the host, the box directory at
 * /w, a private size-limited /tmp, and this binary at /.judge-sup as pid 1 (the inner
 * supervisor). bwrap keeps only the four capabilities pid 1 needs; pid 1 drops those too, and
 * the uid, before the program is executed. docs/judge.md has a table of every bwrap flag and why.
 */
#include "judge-sup.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

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

/* The bwrap command line, then the inner supervisor's: one run (--inner) or a persistent box
   (--inner-box, runs sent over the channel). Returns the number of arguments, -1 if they do not
   fit. */
static int build_bwrap(const struct sup_opts *o, int seccomp_fd, int box_mode, char **args, int cap) {
  int n = 0;
  int bad = 0;
  char *tmp_size = fmt_num(o->tmp_kb * 1024);
#define A(x) bad |= add_arg(args, &n, cap, (x))
  A(o->bwrap);
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
  for (int i = 0; i < o->env.n; i++) {
    const char *eq = strchr(o->env.v[i], '=');
    char *key = strndup(o->env.v[i], (size_t)(eq - o->env.v[i]));
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
  for (int i = 0; i < o->dirs.n; i++) {
    A("--perms");
    A("0755");
    A("--dir");
    A(o->dirs.v[i]);
  }
  for (int i = 0; i < o->ro.n; i++) {
    A("--ro-bind");
    A(o->ro.src[i]);
    A(o->ro.dst[i]);
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
  A(o->box_ro ? "--ro-bind" : "--bind");
  A(o->box);
  A("/w");
  for (int i = 0; i < o->late.n; i++) {
    A(o->late.rw[i] ? "--bind" : "--ro-bind");
    A(o->late.src[i]);
    A(o->late.dst[i]);
  }
  A("--ro-bind");
  A(o->self);
  A("/.judge-sup");
  A("--chdir");
  A(o->chdir);
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
  if (seccomp_fd >= 0) {
    A("--seccomp");
    A("7");
  }
  A("--");
  A("/.judge-sup");
  if (box_mode) {
    A("--inner-box");
    A("--uid");
    A(fmt_num(o->uid));
    A("--result-fd");
    A("6");
  } else {
    A("--inner");
    A("--uid");
    A(fmt_num(o->uid));
    /* RLIMIT_CPU is only a backstop behind the cgroup counter; without cgroups it is the limit. */
    long long cpu_s = o->cpu_ms > 0 ? (o->cpu_ms + 999) / 1000 + (cg_enabled() ? 1 : 0) : 0;
    A("--cpu-s");
    A(fmt_num(cpu_s));
    A("--fsize");
    A(fmt_num(o->fsize));
    A("--stack-kb");
    A(fmt_num(o->stack_kb));
    A("--nofile");
    A(fmt_num(o->nofile));
    A("--nproc");
    A(fmt_num(o->nproc));
    /* RLIMIT_AS only when no memory cgroup is there (it breaks JVMs, so the caller decides). */
    A("--as-kb");
    A(fmt_num(cg_enabled() ? 0 : o->as_kb));
    A("--result-fd");
    A("6");
    if (o->in) {
      A("--in");
      A(o->in);
    }
    if (o->out) {
      A("--out");
      A(o->out);
    }
    if (o->err) {
      A("--err");
      A(o->err);
    }
    A("--");
    for (char **p = o->rest; *p; p++) A(*p);
  }
#undef A
  return bad ? -1 : n;
}

/* Forks bwrap inside the box's cgroups. fds moved to their fixed numbers in the child: 6 pid 1's
   end of the channel, 7 the seccomp filter. In a persistent box the program's stdio (3/4/5) are
   not inherited: each run brings its own. */
static pid_t start_bwrap(const char *bwrap, char **args, int channel, int seccomp_fd, int box_mode) {
  pid_t child = fork();
  if (child != 0) return child;
  default_signals();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (cg_join() < 0) {
    diag("cannot join the cgroup: %s", strerror(errno));
    _exit(125);
  }
  setpgid(0, 0);
  int devnull = open("/dev/null", O_RDWR);
  /* Move the protocol fds to their fixed numbers; dup2 to the same number keeps CLOEXEC, so
     clear it explicitly. */
  int want_src[2] = {channel, seccomp_fd};
  int want_dst[2] = {FD_CHANNEL, FD_SECCOMP};
  int moved[2];
  for (int i = 0; i < 2; i++) moved[i] = want_src[i] >= 0 ? fcntl(want_src[i], F_DUPFD_CLOEXEC, 64) : -1;
  for (int i = 0; i < 2; i++) {
    if (moved[i] < 0) continue;
    dup2(moved[i], want_dst[i]);
    fcntl(want_dst[i], F_SETFD, 0);
  }
  dup2(devnull, 0);
  dup2(devnull, 1);
  if (box_mode)
    for (int fd = FD_PROG_IN; fd <= FD_PROG_ERR; fd++) close(fd);
  for (int fd = FD_SECCOMP + 1; fd < 1024; fd++) close(fd);
  execv(bwrap, args);
  diag("exec %s: %s", bwrap, strerror(errno));
  _exit(126);
}

/* Everything up to a running bwrap: cgroups (unless --no-cgroup), the seccomp filter, the
   channel, the command line, and the fork (as child subreaper, so orphans of the box come back
   to this process). Returns NULL, or what failed (then the cgroups are already removed).
   l->child < 0 when the fork failed. */
const char *launch_box(const struct sup_opts *o, int box_mode, struct launch *l) {
  l->sock = -1;
  l->child = -1;
  l->pidfd = -1;
  if (!o->no_cgroup) cg_setup(o->mem_kb > 0 ? o->mem_kb * 1024 : 0, o->pids, o->cgroup_root);
  int seccomp_fd = -1;
  if (!o->no_seccomp && (seccomp_fd = build_seccomp()) < 0) {
    cg_cleanup();
    return "cannot build the seccomp filter";
  }
  int sp[2];
  if (channel_open(sp) < 0) {
    cg_cleanup();
    return box_mode ? "socketpair failed" : "pipe failed";
  }
  char *args[512];
  if (build_bwrap(o, seccomp_fd, box_mode, args, 512) < 0) {
    cg_cleanup();
    return "too many sandbox arguments";
  }
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  l->started = now_ms();
  l->child = start_bwrap(o->bwrap, args, sp[1], seccomp_fd, box_mode);
  close(sp[1]);
  if (seccomp_fd >= 0) close(seccomp_fd);
  l->sock = sp[0];
  if (l->child > 0) l->pidfd = (int)syscall(SYS_pidfd_open, l->child, 0);
  return NULL;
}

void set_limit(int resource, long long value) {
  struct rlimit rl = {(rlim_t)value, (rlim_t)value};
  if (value < 0) rl.rlim_cur = rl.rlim_max = RLIM_INFINITY;
  setrlimit(resource, &rl);
}

/* Empties the bounding set, drops to the box uid and clears the remaining capability sets.
   Sets *stage for the error report. */
int drop_privileges(long long uid, const char **stage) {
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
