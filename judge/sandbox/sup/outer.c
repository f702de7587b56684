/*
 * outer.c: the outer supervisor of one run — what the judge starts (as root) for a compilation,
 * a test run, or one side of an interactive pair.
 *
 *   judge-sup [options] -- PROGRAM [ARGS...]
 *
 * It builds the box (cgroups, seccomp filter, bwrap with the inner supervisor as pid 1), then
 * watches it: the wall clock and the cgroup CPU counter every 10 ms. Over a limit, it asks pid 1
 * to kill the program (so the program's real rusage is still reported) and 500 ms later kills
 * everything itself. SIGTERM, SIGINT, SIGHUP or the judge's death end the run the same way. At
 * the end every process of the box's cgroups is killed and reaped, the counters are read, the
 * groups removed, and one JSON line is printed on stdout (result.c).
 *
 * Fds from the caller: 0 ignored, 1 the result, 2 diagnostics, 3/4/5 the program's stdin, stdout
 * and stderr (opened outside the box, so RLIMIT_FSIZE caps output files). As a pair side
 * (--pair-side FD) it also writes the program's exit code as a binary frame on FD, which the
 * pair launcher needs and so never has to read the JSON.
 */
#include "judge-sup.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* Reads every message waiting on the channel: the hello gives pid 1's host pid, the report the
   run's accounting. 0 while the channel is open, -1 once it is closed. */
static int drain_channel(int sock, pid_t *inner_pid, struct outcome *r) {
  for (;;) {
    struct channel_msg m;
    int k = channel_recv(sock, &m, MSG_DONTWAIT);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0 && errno == EAGAIN) return 0;
    if (k <= 0) return -1;
    if (m.tag == MSG_HELLO && !*inner_pid && m.pid > 0) *inner_pid = m.pid;
    else if (m.tag == MSG_REPORT && !r->inner_ok) r->inner_ok = channel_report(&m, &r->report);
  }
}

/* Prints the result and, for a pair side, the status frame. */
static void finish(const struct sup_opts *o, const struct outcome *r, const struct cg_stats *s) {
  long long code = print_result(o->cpu_ms, r, s, -1);
  if (o->status_fd >= 0) {
    struct side_status st = {STATUS_MAGIC, (int32_t)code};
    if (write((int)o->status_fd, &st, sizeof st) < 0) {
    }
  }
}

int outer_main(int argc, char **argv, unsigned mode) {
  struct sup_opts o;
  opts_defaults(mode, &o);
  struct outcome r = {0};
  struct cg_stats stats = CG_STATS_NONE;
  if (parse_options(mode, argc - 1, argv + 1, &o) < 0 || finish_outer_opts(&o) < 0 ||
      (mode == MODE_SIDE && (o.status_fd < 3 || fcntl((int)o.status_fd, F_SETFD, FD_CLOEXEC) < 0))) {
    if (o.status_fd < 3) o.status_fd = -1;
    r.error = "bad supervisor arguments";
    finish(&o, &r, &stats);
    return 2;
  }
  if (o.nproc <= 0) o.nproc = o.pids;
  if (geteuid() != 0) {
    r.error = "judge-sup must run as root";
    finish(&o, &r, &stats);
    return 2;
  }

  /* SIGTERM/SIGINT/SIGHUP: kill the box and clean up; the parent dying counts as SIGTERM. */
  watch_termination();

  struct launch l;
  r.error = launch_box(&o, 0, &l);
  if (!r.error && l.child < 0) {
    r.error = "fork failed";
    cg_cleanup();
  }
  if (r.error) {
    finish(&o, &r, &stats);
    return 2;
  }
  int64_t start = l.started;
  pid_t child = l.child;
  int sock = l.sock;
  pid_t inner_pid = 0;
  int64_t kill_sent_at = -1; /* when we asked the inner supervisor to stop the program */
  int status = 0;

  for (;;) {
    struct pollfd pfd[2];
    int nfds = 0;
    if (l.pidfd >= 0) pfd[nfds++] = (struct pollfd){.fd = l.pidfd, .events = POLLIN};
    if (sock >= 0) pfd[nfds++] = (struct pollfd){.fd = sock, .events = POLLIN};
    poll(pfd, (nfds_t)nfds, POLL_MS);
    if (sock >= 0 && drain_channel(sock, &inner_pid, &r) < 0) {
      close(sock);
      sock = -1;
    }
    if (waitpid(child, &status, WNOHANG) == child) break;
    int64_t elapsed = now_ms() - start;
    const char *reason = NULL;
    if (sup_terminated) reason = "terminated";
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

  /* Everything still in the groups dies; orphans reparented to us (subreaper) are reaped. */
  cg_kill_all();
  if (inner_pid > 0) kill(inner_pid, SIGKILL);
  for (int i = 0; i < 500 && !cg_all_empty(); i++) {
    reap_all();
    cg_kill_all();
    sleep_ms(1);
  }
  reap_all();

  /* the report, if pid 1 sent it after the last look */
  if (sock >= 0) drain_channel(sock, &inner_pid, &r);
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
  finish(&o, &r, &stats);
  return 0;
}
