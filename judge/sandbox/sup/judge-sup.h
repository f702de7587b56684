/*
 * judge-sup.h: the interface between the parts of the judge's sandbox supervisor.
 *
 * judge-sup is one static binary that plays several roles, chosen by its first argument:
 *   (none)              outer supervisor of one run: cgroups, seccomp, bwrap, watch, JSON result
 *   --persistent        outer supervisor of a box that takes many runs on stdin
 *   --pair              two outer supervisors joined by kernel pipes (interactive problems)
 *   --pair-side FD      one side of a pair (an outer supervisor that also reports on FD)
 *   --inner             pid 1 inside bwrap for one run: rlimits, uid drop, exec, wait4
 *   --inner-box         pid 1 inside bwrap for a persistent box
 *   --cgroup-selftest   the cgroup v2 file handling against a fake directory (tests only)
 * Each role lives in its own source file; this header holds what they share: the fd numbers of
 * the protocol between the processes, the option record every role's argv is parsed into, the
 * binary frames the supervisors exchange, and the prototypes of the shared functions.
 * docs/judge.md ("The sandbox") is the manual.
 */
#ifndef JUDGE_SUP_H
#define JUDGE_SUP_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* ---- Fd numbers --------------------------------------------------------------------------- */

/* The program's stdin/stdout/stderr, opened by the caller outside the box. */
#define FD_PROG_IN 3
#define FD_PROG_OUT 4
#define FD_PROG_ERR 5
/* Inside bwrap: pid 1's end of the SOCK_SEQPACKET channel to the outer supervisor. */
#define FD_CHANNEL 6
/* In bwrap's argv: the seccomp filter (bwrap --seccomp). */
#define FD_SECCOMP 7
/* In a pair side: where it writes its status frame for the pair launcher. */
#define FD_SIDE_STATUS 6

/* ---- Limits and timing -------------------------------------------------------------------- */

#define MAX_LIST 64
#define POLL_MS 10
/* How long the inner supervisor gets to report after being asked to kill the program. */
#define GRACE_MS 500
/* How long a persistent box may take to become clean after a run before it is given up. */
#define CLEAN_TIMEOUT_MS 10000
/* How long a persistent box may take to start. */
#define START_TIMEOUT_MS 20000

/* ---- Options: one record for every role, filled from argv by options.c -------------------- */

/* The roles whose argv goes through the option table; an option lists the roles accepting it. */
enum {
  MODE_OUTER = 1u << 0,    /* one run (no mode argument) */
  MODE_BOX = 1u << 1,      /* --persistent */
  MODE_SIDE = 1u << 2,     /* --pair-side: one side of a pair */
  MODE_PAIR = 1u << 3,     /* --pair */
  MODE_RUN = 1u << 4,      /* a run request to a persistent box (on its stdin) */
  MODE_INNER = 1u << 5,    /* --inner, --inner-box, and a run request to the box's pid 1 */
  MODE_SELFTEST = 1u << 6, /* --cgroup-selftest */
};
#define MODES_OUTER (MODE_OUTER | MODE_BOX | MODE_SIDE)

struct str_list {
  const char *v[MAX_LIST];
  int n;
};

struct bind_list {
  const char *src[MAX_LIST], *dst[MAX_LIST];
  int rw[MAX_LIST];
  int n;
};

struct sup_opts {
  /* outer supervisors */
  const char *bwrap, *box, *self, *cgroup_root;
  int box_ro, no_cgroup, no_seccomp, persistent;
  long long mem_kb, pids, tmp_kb, cpu_ms, wall_ms;
  struct str_list dirs;   /* --dir: created 0755 in the box */
  struct bind_list ro;    /* --ro-bind: read-only, before /w */
  struct bind_list late;  /* --mount-ro / --mount-rw: after /w, in order */
  long long status_fd;    /* --pair-side */
  /* the run: outer, inner and run request */
  long long uid, fsize, stack_kb, nofile, nproc, as_kb;
  const char *chdir;
  struct str_list env;    /* KEY=VALUE */
  const char *in, *out, *err; /* in-box paths, opened after the uid drop */
  /* inner supervisor */
  long long cpu_s, result_fd;
  /* run request: host paths the outer box opens */
  const char *stdin_path, *stdout_path, *stderr_path;
  /* pair launcher */
  const char *ok_exits;
  long long split;
  /* what follows "--" (or --pair's two values); rest[n_rest] is NULL */
  char **rest;
  int n_rest;
};

/* Parses argv[0..argc) for `mode` into o (defaults already set). 0 ok, -1 refused. */
int parse_options(unsigned mode, int argc, char **argv, struct sup_opts *o);
/* The defaults of a role's options. */
void opts_defaults(unsigned mode, struct sup_opts *o);
/* The outer supervisors' checks after parsing (program given, required options, self). */
int finish_outer_opts(struct sup_opts *o);

/* ---- Binary frames between the supervisors (same binary on both ends) --------------------- */

#define REPORT_MAGIC 0x4a535231u /* "JSR1" */
#define STATUS_MAGIC 0x4a535331u /* "JSS1" */

/* What pid 1 saw of one run. */
struct run_report {
  uint32_t magic;
  int32_t exit_code; /* -1: did not exit normally */
  int32_t signal;    /* -1: not killed by a signal */
  int32_t killed;    /* pid 1 was asked to kill the program */
  int64_t utime_ms, stime_ms, maxrss_kb;
  char setup[128]; /* "stage:errno" when the program could not be started, else "" */
};

/* A pair side's program exit code, for the pair launcher's OK_EXITS decision. */
struct side_status {
  uint32_t magic;
  int32_t exit_code; /* -1: null in the side's JSON result */
};

/* Messages on the channel (one SOCK_SEQPACKET record each): a tag byte, then the payload. */
#define MSG_HELLO 'H'  /* pid 1 is up; its host pid comes with the record (SCM_CREDENTIALS) */
#define MSG_REPORT 'R' /* + struct run_report */
#define MSG_ERROR 'E'  /* + text: a box request failed */
#define MSG_CLEAN 'C'  /* + '1' the box is clean for the next run, '0' it is not (pid 1 exits) */

struct channel_msg {
  char tag;
  pid_t pid; /* sender's host pid (0 if the kernel gave none) */
  size_t len; /* payload bytes */
  union {
    struct run_report report;
    char text[512];
  } u;
};

/* channel.c */
int channel_open(int sp[2]);
void channel_send(int sock, char tag, const void *payload, size_t len);
int channel_recv(int sock, struct channel_msg *m, int flags);
int channel_report(const struct channel_msg *m, struct run_report *out);
int send_request(int sock, const char *buf, size_t len, const int fds[3]);
ssize_t recv_request(int sock, char *buf, size_t size, int fds[3]);

/* ---- Shared state and utilities (util.c) -------------------------------------------------- */

extern const char *prog;
extern volatile sig_atomic_t sup_terminated;

void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int64_t now_ms(void);
void sleep_ms(int ms);
int write_file(const char *path, const char *text);
ssize_t read_file(const char *path, char *buf, size_t size);
long long read_keyed(const char *path, const char *key);
long long read_number(const char *path);
int parse_int(const char *s, long long *out);
void reap_all(void);
void watch_termination(void);
void default_signals(void);
int self_exe(char *out, size_t size);

/* ---- cgroups.c ---------------------------------------------------------------------------- */

struct cg_stats {
  long long cpu_us, cpu_ms, peak_bytes, oom_kills, pids_max_events;
};
#define CG_STATS_NONE ((struct cg_stats){-1, -1, -1, 0, 0})

void cg_setup(long long mem_bytes, long long pids, const char *v2_root);
int cg_setup_v2(const char *base, long long mem_bytes, long long pids);
void cg_init_fake(void);
void cg_set_name(const char *name);
int cg_enabled(void);
const char *cg_label(void);
const char *cg_v2_dir(void);
int cg_peak_resettable(void);
int cg_join(void);
long long cg_cpu_us(void);
void cg_kill_all(void);
int cg_all_empty(void);
struct cg_stats cg_read_stats(void);
struct cg_stats cg_begin_run(void);
struct cg_stats cg_run_stats(const struct cg_stats *base);
void cg_cleanup(void);

/* ---- seccomp.c ---------------------------------------------------------------------------- */

int build_seccomp(void);

/* ---- box-setup.c -------------------------------------------------------------------------- */

struct launch {
  int sock;        /* the outer's end of the channel */
  pid_t child;     /* bwrap (-1: fork failed) */
  int pidfd;       /* -1 without pidfd_open */
  int64_t started; /* just before the fork */
};
const char *launch_box(const struct sup_opts *o, int box_mode, struct launch *l);
void set_limit(int resource, long long value);
int drop_privileges(long long uid, const char **stage);

/* ---- inner.c: pid 1's side of one run ----------------------------------------------------- */

extern volatile sig_atomic_t inner_kill_requested;
void inner_signals(void);
int run_program(const struct sup_opts *o, int fds[3], struct run_report *rep);
void kill_and_reap_all(void);
int inner_main(int argc, char **argv);

/* ---- result.c ----------------------------------------------------------------------------- */

struct outcome {
  const char *error; /* system failure, NULL when the run happened */
  const char *tle;   /* "cpu", "wall" or NULL */
  int terminated;
  long long wall_ms;
  int inner_ok; /* a valid report arrived */
  struct run_report report;
};

void json_string(FILE *f, const char *s);
long long print_result(long long cpu_limit_ms, const struct outcome *r, const struct cg_stats *s, int box_alive);

/* ---- the roles ---------------------------------------------------------------------------- */

int outer_main(int argc, char **argv, unsigned mode); /* outer.c */
int box_main(int argc, char **argv);                  /* persistent.c */
int inner_box_main(int argc, char **argv);            /* persistent-inner.c */
int pair_main(int argc, char **argv);                 /* pair.c */
int selftest_main(int argc, char **argv);             /* selftest.c */

#endif
