/*
 * persistent-inner.c: pid 1 of a persistent box — the inner side of the box protocol, and the
 * cleaning that makes every run of a box start as if the box were new.
 *
 * A persistent box keeps one bwrap container and one pid 1 for a whole submission, so a run
 * costs a fork, an exec and a wait instead of a new container and new cgroups. pid 1 takes run
 * requests from the outer supervisor on the channel (options plus the program's stdio fds), runs
 * each with the same loop as a one-shot run (inner.c) and reports it. Between runs the box must
 * be exactly as clean as a fresh one: no process (all killed and reaped by pid 1), an empty /tmp
 * and no SysV IPC object. The cleaning is done by a child that runs as the box uid, so root
 * never acts on files the program controls. A box that cannot be made clean says so and ends.
 */
#include "judge-sup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Sends a failure of a request ('E' + text). */
static void send_error(int sock, const char *text) { channel_send(sock, MSG_ERROR, text, strlen(text)); }

static void send_clean(int sock, int clean) { channel_send(sock, MSG_CLEAN, clean ? "1" : "0", 1); }

/* --inner-box --uid N --result-fd FD: serve run requests until the outer supervisor is gone. */
int inner_box_main(int argc, char **argv) {
  prog = "judge-sup(inner-box)";
  struct sup_opts base;
  opts_defaults(MODE_INNER, &base);
  if (parse_options(MODE_INNER, argc - 1, argv + 1, &base) < 0 || base.uid <= 0) {
    diag("usage: --inner-box --uid N --result-fd FD");
    return 120;
  }
  int sock = (int)base.result_fd;
  fcntl(sock, F_SETFD, FD_CLOEXEC);
  /* bwrap's leftovers (the seccomp filter) are not ours to keep */
  for (int fd = 3; fd < 64; fd++)
    if (fd != sock && fd != 2) close(fd);
  inner_signals();
  signal(SIGPIPE, SIG_IGN);
  channel_send(sock, MSG_HELLO, NULL, 0);

  static char buf[1 << 16];
  static char *args[1024];
  static struct sup_opts o;
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
    opts_defaults(MODE_INNER, &o);
    o.uid = base.uid;
    o.nofile = 64;
    o.result_fd = sock;
    inner_kill_requested = 0;
    if (parse_options(MODE_INNER, ac, args, &o) < 0 || o.n_rest <= 0) {
      for (int i = 0; i < 3; i++)
        if (fds[i] >= 0) close(fds[i]);
      send_error(sock, "bad run request");
      send_clean(sock, 1);
      continue;
    }
    struct run_report rep;
    if (run_program(&o, fds, &rep) < 0) {
      send_error(sock, "the box could not start the program");
      send_clean(sock, 0);
      return 121;
    }
    channel_send(sock, MSG_REPORT, &rep, sizeof rep);
    /* Then the box is made clean for the next run; a box that cannot be cleaned ends. */
    int clean = make_clean(base.uid);
    send_clean(sock, clean);
    if (!clean) return 0;
  }
}
