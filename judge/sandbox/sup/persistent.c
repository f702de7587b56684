/*
 * persistent.c: the outer side of a persistent box — one outer supervisor, one bwrap container
 * and one pid 1 that serve many runs (a submission's cases, a checker's runs).
 *
 *   judge-sup --persistent [outer options, without a run's limits or program]
 *
 * Starting a container and fresh cgroups costs tens of milliseconds; a run in a box that is
 * already up costs a fork, an exec and a wait. The box is built once (box-setup.c, with
 * --inner-box as pid 1) and prints {"ready":true,"cgroup":...} once pid 1 has said hello. Then
 * it reads run requests on stdin — "<length>\n" and that many bytes of NUL-terminated run
 * options (the MODE_RUN rows of the option table) and the program's argv after "--" — and
 * answers each with one result line (the one-shot fields plus "boxAlive"). For a run it opens
 * the program's stdio itself, outside the box, as the judge would; resets the cgroup peak and
 * takes the counters' baselines; sends pid 1 the request with the three fds; and watches the
 * wall clock and CPU as the one-shot supervisor does. A box that dies, or that pid 1 cannot make
 * clean, ends (boxAlive false) and the judge starts a new one. EOF on stdin or SIGTERM ends it.
 */
#include "judge-sup.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

struct box {
  struct sup_opts o;
  int sock;
  pid_t child; /* bwrap */
  int pidfd;
  pid_t inner_pid;
  int alive;
};

/* Reads exactly n bytes from fd 0 (-1 on EOF, error or termination). */
static int read_exact(char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t k = read(0, buf + got, n - got);
    if (k < 0 && errno == EINTR && !sup_terminated) continue;
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

static void box_hard_kill(struct box *b) {
  cg_kill_all();
  if (b->child > 0) kill(b->child, SIGKILL);
  if (b->inner_pid > 0) kill(b->inner_pid, SIGKILL);
  b->alive = 0;
}

/* The request for pid 1 (MODE_INNER options): rlimits, directory, environment, argv. 0 ok. */
static int inner_request(const struct box *b, const struct sup_opts *q, char *req, size_t cap, size_t *len) {
  int bad = 0;
  long long cpu_s = q->cpu_ms > 0 ? (q->cpu_ms + 999) / 1000 + (cg_enabled() ? 1 : 0) : 0;
  bad |= put_num(req, cap, len, "--cpu-s", cpu_s);
  bad |= put_num(req, cap, len, "--fsize", q->fsize);
  bad |= put_num(req, cap, len, "--stack-kb", q->stack_kb);
  bad |= put_num(req, cap, len, "--nofile", q->nofile);
  bad |= put_num(req, cap, len, "--nproc", q->nproc > 0 ? q->nproc : b->o.nproc);
  bad |= put_num(req, cap, len, "--as-kb", cg_enabled() ? 0 : q->as_kb);
  if (q->chdir) bad |= put_arg(req, cap, len, "--chdir") | put_arg(req, cap, len, q->chdir);
  for (int i = 0; i < q->env.n; i++)
    bad |= put_arg(req, cap, len, "--env") | put_arg(req, cap, len, q->env.v[i]);
  bad |= put_arg(req, cap, len, "--");
  for (char **p = q->rest; *p; p++) bad |= put_arg(req, cap, len, *p);
  return bad ? -1 : 0;
}

/* One run in the box; b->alive says afterwards whether the box can take another. */
static void box_run(struct box *b, char *payload, size_t plen) {
  static char *args[1024];
  static struct sup_opts q;
  int ac = 0;
  for (char *p = payload; p < payload + plen && ac < 1023; p += strlen(p) + 1) args[ac++] = p;
  args[ac] = NULL;
  opts_defaults(MODE_RUN, &q);
  struct outcome r = {0};
  struct cg_stats stats = CG_STATS_NONE;
  if (parse_options(MODE_RUN, ac, args, &q) < 0 || q.n_rest <= 0 || q.wall_ms <= 0) {
    r.error = "bad run request";
    print_result(0, &r, &stats, 1);
    return;
  }

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
    print_result(q.cpu_ms, &r, &stats, 1);
    return;
  }

  static char req[1 << 16];
  size_t len = 0;
  if (inner_request(b, &q, req, sizeof req, &len) < 0) {
    for (int i = 0; i < 3; i++) close(fds[i]);
    r.error = "run request too long";
    print_result(q.cpu_ms, &r, &stats, 1);
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
      struct channel_msg m;
      int k = channel_recv(b->sock, &m, MSG_DONTWAIT);
      if (k > 0) {
        if (m.tag == MSG_REPORT || m.tag == MSG_ERROR) {
          got_report = 1;
          reported_at = now_ms();
          r.wall_ms = reported_at - start;
          if (m.tag == MSG_REPORT) {
            r.inner_ok = channel_report(&m, &r.report);
          } else {
            static char err[512];
            snprintf(err, sizeof err, "%s", m.len ? m.u.text : "box failure");
            r.error = err;
          }
          stats = cg_run_stats(&base);
        } else if (m.tag == MSG_CLEAN) {
          got_clean = 1;
          clean = m.len > 0 && m.u.text[0] == '1';
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
    if (sup_terminated) reason = "terminated";
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
  print_result(q.cpu_ms, &r, &stats, b->alive);
}

/* Waits for pid 1's hello (its host pid, needed to stop a run). 0 ready, -1 not. */
static int wait_ready(struct box *b) {
  int64_t started = now_ms();
  while (b->alive && !b->inner_pid && now_ms() - started < START_TIMEOUT_MS && !sup_terminated) {
    struct pollfd pfd = {.fd = b->sock, .events = POLLIN};
    poll(&pfd, 1, POLL_MS);
    if (pfd.revents & (POLLIN | POLLHUP | POLLERR)) {
      struct channel_msg m;
      int k = channel_recv(b->sock, &m, MSG_DONTWAIT);
      if (k > 0 && m.tag == MSG_HELLO && m.pid > 0) b->inner_pid = m.pid;
      else if (k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR)) break;
    }
    int st;
    if (waitpid(b->child, &st, WNOHANG) == b->child) {
      b->child = -1;
      b->alive = 0;
    }
  }
  return b->inner_pid ? 0 : -1;
}

int box_main(int argc, char **argv) {
  static struct box b;
  opts_defaults(MODE_BOX, &b.o);
  b.sock = -1;
  b.pidfd = -1;
  prog = "judge-sup(box)";
  if (parse_options(MODE_BOX, argc - 1, argv + 1, &b.o) < 0 || finish_outer_opts(&b.o) < 0) {
    printf("{\"ready\":false,\"error\":\"bad supervisor arguments\"}\n");
    return 2;
  }
  if (b.o.nproc <= 0) b.o.nproc = b.o.pids;
  if (geteuid() != 0) {
    printf("{\"ready\":false,\"error\":\"judge-sup must run as root\"}\n");
    return 2;
  }
  watch_termination();

  struct launch l;
  const char *error = launch_box(&b.o, 1, &l);
  if (error) {
    printf("{\"ready\":false,\"error\":\"%s\"}\n", error);
    return 2;
  }
  b.child = l.child;
  b.sock = l.sock;
  b.pidfd = l.pidfd;
  b.alive = b.child > 0;

  if (wait_ready(&b) < 0) {
    box_hard_kill(&b);
    printf("{\"ready\":false,\"error\":\"sandbox failed to start\"}\n");
  } else {
    printf("{\"ready\":true,\"cgroup\":\"%s\"}\n", cg_label());
  }
  fflush(stdout);

  static char payload[1 << 16];
  while (b.alive && !sup_terminated) {
    ssize_t n = read_request(payload, sizeof payload);
    if (n < 0) break;
    box_run(&b, payload, (size_t)n);
  }
  /* Teardown: closing the socket makes the inner supervisor exit, which ends the namespace. */
  close(b.sock);
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
