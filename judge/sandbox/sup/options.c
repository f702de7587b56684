/*
 * options.c: the one option table and the one parser every role's argv goes through.
 *
 * All roles share a single record (struct sup_opts). Each option is one row of `options`: its
 * name, its kind (a flag, an integer, a string, a list item, or a setter for options with two
 * values), where its value goes (an offset into the record, or the setter), and the set of roles
 * that accept it. The same name means the same thing in every role that takes it (--fsize is
 * RLIMIT_FSIZE for the one-shot outer, a box run request and the inner supervisor alike). An
 * option a role does not accept is refused exactly like an unknown one, so the argv a role takes
 * is precisely the rows that name it. Values are always the next argument(s), whatever they look
 * like; "--" ends the options and what follows is the program's argv.
 */
#include "judge-sup.h"

#include <string.h>
#include <unistd.h>

enum opt_kind {
  OPT_FLAG, /* no value: sets an int to 1 (or, without a field, is accepted and ignored) */
  OPT_INT,  /* one decimal value into a long long */
  OPT_STR,  /* one value kept as a string */
  OPT_LIST, /* one value appended to a struct str_list */
  OPT_CALL, /* `values` values handed to a setter */
};

/* OPT_LIST: the item must look like KEY=VALUE. */
#define OPT_KEYVAL 1u
/* The options end after this one: everything after its values is the role's positional tail. */
#define OPT_ENDS 2u

#define NO_FIELD ((ptrdiff_t)-1)
#define F(member) ((ptrdiff_t)offsetof(struct sup_opts, member))

struct opt_def {
  const char *name;
  enum opt_kind kind;
  ptrdiff_t field;
  int (*set)(struct sup_opts *o, const char *name, char **vals);
  int values; /* OPT_CALL only */
  unsigned modes;
  unsigned flags;
};

/* --ro-bind SRC DST (before /w), --mount-ro / --mount-rw SRC DST (after /w, in order). */
static int set_bind(struct sup_opts *o, const char *name, char **vals) {
  struct bind_list *l = strcmp(name, "--ro-bind") ? &o->late : &o->ro;
  if (l->n >= MAX_LIST) return -1;
  l->src[l->n] = vals[0];
  l->dst[l->n] = vals[1];
  l->rw[l->n++] = !strcmp(name, "--mount-rw");
  return 0;
}

/* --pair OK_EXITS N: the accepting exit codes of side b, and how many arguments side a has. */
static int set_pair(struct sup_opts *o, const char *name, char **vals) {
  (void)name;
  o->ok_exits = vals[0];
  return parse_int(vals[1], &o->split);
}

#define RUN_LIMITS (MODES_OUTER | MODE_RUN | MODE_INNER)

static const struct opt_def options[] = {
    /* the box: outer supervisors only */
    {"--bwrap", OPT_STR, F(bwrap), NULL, 0, MODES_OUTER, 0},
    {"--box", OPT_STR, F(box), NULL, 0, MODES_OUTER, 0},
    {"--self", OPT_STR, F(self), NULL, 0, MODES_OUTER, 0},
    {"--cgroup-root", OPT_STR, F(cgroup_root), NULL, 0, MODES_OUTER, 0},
    {"--box-ro", OPT_FLAG, F(box_ro), NULL, 0, MODES_OUTER, 0},
    {"--no-cgroup", OPT_FLAG, F(no_cgroup), NULL, 0, MODES_OUTER, 0},
    {"--no-seccomp", OPT_FLAG, F(no_seccomp), NULL, 0, MODES_OUTER, 0},
    {"--persistent", OPT_FLAG, F(persistent), NULL, 0, MODES_OUTER, 0},
    {"--mem-kb", OPT_INT, F(mem_kb), NULL, 0, MODES_OUTER, 0},
    {"--pids", OPT_INT, F(pids), NULL, 0, MODES_OUTER, 0},
    {"--tmp-kb", OPT_INT, F(tmp_kb), NULL, 0, MODES_OUTER, 0},
    {"--dir", OPT_LIST, F(dirs), NULL, 0, MODES_OUTER, 0},
    {"--ro-bind", OPT_CALL, NO_FIELD, set_bind, 2, MODES_OUTER, 0},
    {"--mount-ro", OPT_CALL, NO_FIELD, set_bind, 2, MODES_OUTER, 0},
    {"--mount-rw", OPT_CALL, NO_FIELD, set_bind, 2, MODES_OUTER, 0},
    /* the run's time: watched by an outer supervisor */
    {"--cpu-ms", OPT_INT, F(cpu_ms), NULL, 0, MODES_OUTER | MODE_RUN, 0},
    {"--wall-ms", OPT_INT, F(wall_ms), NULL, 0, MODES_OUTER | MODE_RUN, 0},
    /* the run's process: rlimits, directory, environment */
    {"--uid", OPT_INT, F(uid), NULL, 0, MODES_OUTER | MODE_INNER, 0},
    {"--fsize", OPT_INT, F(fsize), NULL, 0, RUN_LIMITS, 0},
    {"--stack-kb", OPT_INT, F(stack_kb), NULL, 0, RUN_LIMITS, 0},
    {"--nofile", OPT_INT, F(nofile), NULL, 0, RUN_LIMITS, 0},
    {"--nproc", OPT_INT, F(nproc), NULL, 0, RUN_LIMITS, 0},
    {"--as-kb", OPT_INT, F(as_kb), NULL, 0, RUN_LIMITS, 0},
    {"--chdir", OPT_STR, F(chdir), NULL, 0, RUN_LIMITS, 0},
    {"--env", OPT_LIST, F(env), NULL, 0, RUN_LIMITS, OPT_KEYVAL},
    {"--in", OPT_STR, F(in), NULL, 0, MODES_OUTER | MODE_INNER, 0},
    {"--out", OPT_STR, F(out), NULL, 0, MODES_OUTER | MODE_INNER, 0},
    {"--err", OPT_STR, F(err), NULL, 0, MODES_OUTER | MODE_INNER, 0},
    /* the inner supervisor (pid 1) */
    {"--cpu-s", OPT_INT, F(cpu_s), NULL, 0, MODE_INNER, 0},
    {"--result-fd", OPT_INT, F(result_fd), NULL, 0, MODE_INNER, 0},
    {"--inner", OPT_FLAG, NO_FIELD, NULL, 0, MODE_INNER, 0},
    {"--inner-box", OPT_FLAG, NO_FIELD, NULL, 0, MODE_INNER, 0},
    /* a run request to a persistent box: the program's stdio as host paths */
    {"--stdin", OPT_STR, F(stdin_path), NULL, 0, MODE_RUN, 0},
    {"--stdout", OPT_STR, F(stdout_path), NULL, 0, MODE_RUN, 0},
    {"--stderr", OPT_STR, F(stderr_path), NULL, 0, MODE_RUN, 0},
    /* pairs */
    {"--pair", OPT_CALL, NO_FIELD, set_pair, 2, MODE_PAIR, OPT_ENDS},
    {"--pair-side", OPT_INT, F(status_fd), NULL, 0, MODE_SIDE, 0},
    /* tests */
    {"--cgroup-selftest", OPT_FLAG, NO_FIELD, NULL, 0, MODE_SELFTEST, 0},
};

static const struct opt_def *find_option(unsigned mode, const char *name) {
  for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
    if ((options[i].modes & mode) && !strcmp(options[i].name, name)) return &options[i];
  return NULL;
}

void opts_defaults(unsigned mode, struct sup_opts *o) {
  memset(o, 0, sizeof *o);
  o->status_fd = -1;
  o->split = -1;
  if (mode & MODES_OUTER) {
    o->bwrap = "/usr/bin/bwrap";
    o->chdir = "/w";
    o->nofile = 64;
    o->tmp_kb = 16384;
  }
  if (mode & MODE_RUN) o->nofile = 64;
  if (mode & MODE_INNER) {
    o->uid = -1;
    o->result_fd = FD_CHANNEL;
  }
}

int parse_options(unsigned mode, int argc, char **argv, struct sup_opts *o) {
  int i = 0;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    const struct opt_def *d = find_option(mode, a);
    if (!d) {
      diag(mode == MODE_RUN ? "unknown run option %s" : "unknown option %s", a);
      return -1;
    }
    int values = d->kind == OPT_FLAG ? 0 : d->kind == OPT_CALL ? d->values : 1;
    if (i + values >= argc) {
      diag("option %s needs %s", a, values > 1 ? "two values" : "a value");
      return -1;
    }
    char **vals = argv + i + 1;
    char *field = d->field == NO_FIELD ? NULL : (char *)o + d->field;
    i += values;
    switch (d->kind) {
    case OPT_FLAG:
      if (field) *(int *)field = 1;
      break;
    case OPT_INT:
      if (parse_int(vals[0], (long long *)field) < 0) {
        diag("bad number for %s: %s", a, vals[0]);
        return -1;
      }
      break;
    case OPT_STR:
      *(const char **)field = vals[0];
      break;
    case OPT_LIST: {
      struct str_list *l = (struct str_list *)field;
      if (l->n >= MAX_LIST || ((d->flags & OPT_KEYVAL) && !strchr(vals[0], '='))) {
        diag("bad value for %s: %s", a, vals[0]);
        return -1;
      }
      l->v[l->n++] = vals[0];
      break;
    }
    case OPT_CALL:
      if (d->set(o, a, vals) < 0) {
        diag("bad value for %s", a);
        return -1;
      }
      break;
    }
    if (d->flags & OPT_ENDS) {
      i++;
      break;
    }
  }
  o->rest = argv + i;
  o->n_rest = argc - i;
  return 0;
}

/* An outer supervisor needs a box, a uid, a wall limit (unless persistent) and a program (unless
   persistent: a box's programs come with each run). */
int finish_outer_opts(struct sup_opts *o) {
  if (o->n_rest <= 0 && !o->persistent) {
    diag("no program given");
    return -1;
  }
  if (!o->self) {
    /* bound into the sandbox as the inner supervisor */
    static char exe[PATH_MAX];
    if (self_exe(exe, sizeof exe) == 0) o->self = exe;
  }
  if (!o->box || o->uid <= 0 || (o->wall_ms <= 0 && !o->persistent) || !o->self) {
    diag("--box, --uid and --wall-ms are required");
    return -1;
  }
  return 0;
}
